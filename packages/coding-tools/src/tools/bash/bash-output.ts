/**
 * BashOutput (Claude Code's name and parameters): the output a background process wrote since the
 * last read, its status and, once it ended, its exit code. It does not wait: call it again later
 * for more.
 */
import {
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
  type ToolContext,
} from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../../session/coding-session.ts';
import { CodingTool } from '../shared/coding-tool.ts';
import { BACKGROUND_OUTPUT_BUDGET, readNewOutput } from './background-report.ts';

export const BashOutputParams = lazySchema(() =>
  z.object({
    bash_id: z.string().min(1).describe('Id of the background process, as Bash returned it, e.g. "bash_1".'),
    filter: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Regular expression (JavaScript syntax, case-sensitive): show only the new lines that match, e.g. "error|warn". Lines that do not match are skipped for good.',
      ),
  }),
);

/** `filter` compiled, or refused with what is wrong and how to write it. */
export function compileFilter(filter: string | undefined, toolName: string): RegExp | undefined {
  if (filter === undefined) return undefined;
  try {
    return new RegExp(filter);
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid regular expression: /, '');
    throw new ValidationError({
      toolName,
      issues: [
        {
          field: 'filter',
          message: `${JSON.stringify(filter)} is not a valid regular expression (${reason}). Escape characters meant literally with a backslash (\\( \\[ \\. \\*), e.g. "Error\\\\(" for "Error(", or leave filter out to get every line.`,
        },
      ],
    });
  }
}

export class BashOutputTool extends CodingTool<typeof BashOutputParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'BashOutput',
    title: 'Read background output',
    description: [
      '[Shell/Read] Get the new output of a background process started with Bash (run_in_background: true): what it wrote to stdout and stderr since your last read (interleaved, in order), its status, and its exit code once it has ended. Returns at once; call it again later for more.',
      `At most ${BACKGROUND_OUTPUT_BUDGET} characters per answer (the rest is kept for the next call, and the answer says how much); output the process wrote while nobody read it past its buffer is dropped, oldest first, and counted.`,
    ].join('\n'),
    category: 'shell',
    toolset: 'shell',
    tags: ['shell', 'background', 'output', 'log', 'server', 'process', 'status'],
    annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: false },
  });

  static override readonly PARAMS = BashOutputParams;

  async execute(
    params: ParamsOf<typeof BashOutputParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string> {
    const filter = compileFilter(params.filter, this.name);
    const shell = ctx.deps.session.background.get(params.bash_id);
    return readNewOutput(shell, filter);
  }
}
