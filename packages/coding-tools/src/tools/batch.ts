/**
 * Batch: 2–10 calls of other tools, run in parallel. Each call goes through the called tool's own
 * validation and error handling; a failure is reported for that call and does not cancel the others.
 * Batch cannot call Batch.
 */
import {
  defineToolMetadata,
  toolResponse,
  type AnyTool,
  type ToolContent,
  type ToolContext,
  type ToolResponse,
} from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../session/coding-session.ts';
import { CodingTool } from './shared/coding-tool.ts';

const BatchParams = z.object({
  tool_calls: z
    .array(
      z.object({
        tool: z.string().min(1).describe('Name of the tool to call, e.g. "Read" or "Grep".'),
        parameters: z
          .record(z.string(), z.unknown())
          .default({})
          .describe("The tool's arguments, as you would pass them to it directly."),
      }),
    )
    .min(2)
    .max(10)
    .describe("2–10 independent calls to run at the same time (no call may depend on another one's result)."),
});

export class BatchTool extends CodingTool<typeof BatchParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'Batch',
    title: 'Run tools in parallel',
    description:
      '[Agents/Batch] Run 2–10 independent tool calls in parallel and get every result, e.g. read several files or search in several ways at once. Failures are reported per call. Batch cannot contain Batch.',
    category: 'agents',
    tags: ['parallel', 'multiple', 'batch'],
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  });

  readonly #lookup: (name: string) => AnyTool<CodingToolsDeps> | undefined;
  readonly #names: () => string[];

  /** @param lookup resolves a tool name among the tools of this session */
  constructor(lookup: (name: string) => AnyTool<CodingToolsDeps> | undefined, names: () => string[]) {
    super();
    this.#lookup = lookup;
    this.#names = names;
  }

  override getParamsSchema() {
    return BatchParams;
  }

  async execute(
    { tool_calls }: z.output<typeof BatchParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string | ToolResponse<string>> {
    // Images and documents a call returns (Read of a PNG or a PDF) are passed on, in call order.
    const media: ToolContent[][] = tool_calls.map(() => []);
    const results = await Promise.all(
      tool_calls.map(async ({ tool, parameters }, index) => {
        const head = `[${index + 1}] ${tool}`;
        if (tool === this.name) return `${head} ✗ Batch cannot contain Batch; list the calls directly.`;
        const target = this.#lookup(tool);
        if (!target) {
          const available = this.#names().filter((n) => n !== this.name);
          return `${head} ✗ Unknown tool "${tool}". Available: ${available.join(', ')}.`;
        }
        try {
          const result = await target.run(parameters, { ...ctx, toolName: target.name });
          const text = result.content
            .map((c) => (c.type === 'text' ? c.text : `[${c.type} attached]`))
            .join('\n');
          media[index] = result.content.filter((c) => c.type !== 'text');
          return `${head} ${result.isError ? '✗' : '✓'}\n${text}`;
        } catch {
          return `${head} ✗ The tool failed with an internal error.`;
        }
      }),
    );
    const failed = results.filter((r) => r.split('\n', 1)[0]!.includes('✗')).length;
    const text = [
      `${tool_calls.length} calls, ${tool_calls.length - failed} succeeded, ${failed} failed.`,
      ...results,
    ].join('\n\n');
    const attached = media.flat();
    return attached.length > 0 ? toolResponse({ content: attached, data: text }) : text;
  }
}
