/**
 * What the model sees of a tool result that carries an image or a document (Read of a PNG or a
 * PDF): core's AI SDK adapter renders results as text and leaves media out, so the coding tools
 * hand the AI SDK a `content` output instead — the text parts as text, an image or an embedded
 * base64 resource (a PDF) as a file part with its media type, which providers send as an image or
 * a document.
 */
import type { ToolContent, ToolCallResult } from '@toolsmith/core';
import type { Tool } from 'ai';

/** What `toModelOutput` returns (the `ai` package does not export the type by name). */
type ToolResultOutput = Awaited<ReturnType<NonNullable<Tool<unknown, unknown>['toModelOutput']>>>;
type ContentPart = Extract<ToolResultOutput, { type: 'content' }>['value'][number];

function part(content: ToolContent): ContentPart | undefined {
  switch (content.type) {
    case 'text':
      return { type: 'text', text: content.text };
    case 'image':
      return { type: 'file', data: { type: 'data', data: content.data }, mediaType: content.mimeType };
    case 'resource':
      return 'blob' in content.resource && content.resource.mimeType
        ? {
            type: 'file',
            data: { type: 'data', data: content.resource.blob },
            mediaType: content.resource.mimeType,
            filename: decodeURIComponent(content.resource.uri.split('/').at(-1) ?? ''),
          }
        : undefined;
    default:
      return undefined;
  }
}

const hasMedia = (result: ToolCallResult) =>
  result.content.some(
    (content) => content.type === 'image' || (content.type === 'resource' && 'blob' in content.resource),
  );

/** The same tools, their image and document results sent to the model as file parts. */
export function withMediaOutput<TTools extends Record<string, Tool<unknown, ToolCallResult>>>(
  tools: TTools,
): TTools {
  return Object.fromEntries(
    Object.entries(tools).map(([name, tool]) => {
      const textOutput = tool.toModelOutput;
      return [
        name,
        {
          ...tool,
          toModelOutput: (options: Parameters<NonNullable<typeof textOutput>>[0]) => {
            const result = options.output as ToolCallResult;
            if (result.isError || !hasMedia(result) || !textOutput) {
              return textOutput ? textOutput(options) : { type: 'json', value: result as never };
            }
            const value = result.content.map(part).filter((p): p is ContentPart => p !== undefined);
            return { type: 'content', value } satisfies ToolResultOutput;
          },
        },
      ];
    }),
  ) as TTools;
}
