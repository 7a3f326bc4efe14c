/**
 * BashInput: writes to the stdin of a running background process — an answer to a prompt, a line
 * for a REPL, end-of-file — and returns what the process wrote in response. Codex has the same as
 * `write_stdin` (its unified exec: the text, then the output that follows within a wait); Claude
 * Code has no way to type into a background process.
 */
import {
  defineToolMetadata,
  lazySchema,
  ToolsmithError,
  type ParamsOf,
  type ToolContext,
} from '@toolsmith/core';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { PermissionProfile } from '../../permissions/permission-rules.ts';
import type { CodingToolsDeps } from '../../session/coding-session.ts';
import { CodingTool } from '../shared/coding-tool.ts';
import type { BackgroundShell } from './background-shell.ts';
import { readNewOutput, statusText } from './background-report.ts';
import { shellLabel } from './background-shells.ts';

export const DEFAULT_INPUT_WAIT_MS = 1000;
export const MAX_INPUT_WAIT_MS = 30_000;
/** Quiet time after the last output that ends the wait early: the process has answered. */
const SETTLE_MS = 150;

export const BashInputParams = lazySchema(() =>
  z.object({
    bash_id: z.string().min(1).describe('Id of the background process, as Bash returned it, e.g. "bash_1".'),
    input: z
      .string()
      .describe(
        'Text written to its stdin as is: end a line with "\\n" to press Enter. May be "" with close_stdin.',
      ),
    close_stdin: z
      .boolean()
      .default(false)
      .describe(
        'Close stdin after the input: the process reads end-of-file (ends `cat`, a REPL, a `read` loop).',
      ),
    wait_ms: z
      .number()
      .int()
      .min(0)
      .max(MAX_INPUT_WAIT_MS)
      .default(DEFAULT_INPUT_WAIT_MS)
      .describe(
        `How long to wait for its response before answering (default ${DEFAULT_INPUT_WAIT_MS}, max ${MAX_INPUT_WAIT_MS}); the wait ends early once it has answered and gone quiet, or ended.`,
      ),
  }),
);

/** Waits until new output came and then stayed quiet for SETTLE_MS, the process ended, or `ms` passed. */
async function awaitResponse(
  shell: BackgroundShell,
  since: number,
  ms: number,
  signal: AbortSignal,
): Promise<void> {
  const deadline = performance.now() + ms;
  let seen = shell.outputEnd;
  let quietSince = performance.now();
  while (performance.now() < deadline && !signal.aborted) {
    if (!shell.running) {
      await sleep(50); // its last output may still be in the pipe
      return;
    }
    const end = shell.outputEnd;
    if (end !== seen) {
      seen = end;
      quietSince = performance.now();
    } else if (end > since && performance.now() - quietSince >= SETTLE_MS) return;
    await sleep(25);
  }
}

export class BashInputTool extends CodingTool<typeof BashInputParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'BashInput',
    title: 'Type into a background process',
    description:
      '[Shell/Input] Write text to the stdin of a running background process (started with Bash, run_in_background: true) — an answer to a prompt, a line for a REPL — optionally closing stdin after it, then return its new output, as BashOutput does, after waiting for it to respond.',
    category: 'shell',
    toolset: 'shell',
    tags: ['shell', 'background', 'stdin', 'input', 'interactive', 'prompt', 'repl', 'type'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = BashInputParams;

  /** Rules match the text typed, as Bash's match its command. */
  override readonly permission: PermissionProfile = { kind: 'command' };

  protected override permissionSubjects(params: ParamsOf<typeof BashInputParams>): string[] {
    return [params.input];
  }

  async execute(
    params: ParamsOf<typeof BashInputParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string> {
    const shell = ctx.deps.session.background.get(params.bash_id);
    if (!shell.running) {
      throw new ToolsmithError(
        `${shellLabel(shell)} is no longer running (${statusText(shell)}), so it reads no input. Its output stays readable with BashOutput; start it again with Bash to talk to it.`,
        { code: 'process_ended' },
      );
    }
    if (shell.inputClosed) {
      throw new ToolsmithError(
        `The stdin of ${shellLabel(shell)} was closed (close_stdin), so it reads no more input. Start the command again with Bash to send it more.`,
        { code: 'input_closed' },
      );
    }
    const before = shell.outputEnd;
    if (params.input !== '') {
      try {
        await shell.write(params.input);
      } catch {
        throw new ToolsmithError(
          `${shellLabel(shell)} does not read its input any more (its stdin is closed on its side: it ended or closed it). BashOutput shows its status and output.`,
          { code: 'input_closed' },
        );
      }
    }
    if (params.close_stdin) shell.closeInput();
    await awaitResponse(shell, before, params.wait_ms, ctx.signal);
    const sent = params.input === '' ? 'Sent nothing' : `Sent ${Buffer.byteLength(params.input)} bytes`;
    return `${sent}${params.close_stdin ? ' and closed stdin' : ''}.\n${readNewOutput(shell, undefined)}`;
  }
}
