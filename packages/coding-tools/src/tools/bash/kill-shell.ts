/**
 * KillShell (Claude Code's name and parameter): stops a background process and everything it started
 * — its whole process group — with SIGTERM, then SIGKILL for what is still alive after the grace
 * period.
 */
import { defineToolMetadata, lazySchema, type ParamsOf, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../../session/coding-session.ts';
import { CodingTool } from '../shared/coding-tool.ts';
import { formatDuration, headline, statusText } from './background-report.ts';
import { shellLabel } from './background-shells.ts';
import { formatSize } from '../shared/plural.ts';

export const KillShellParams = lazySchema(() =>
  z.object({
    shell_id: z
      .string()
      .min(1)
      .describe('Id of the background process to stop, as Bash returned it, e.g. "bash_1".'),
  }),
);

export class KillShellTool extends CodingTool<typeof KillShellParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'KillShell',
    title: 'Stop a background process',
    description:
      '[Shell/Stop] Stop a background process started with Bash (run_in_background: true) and every process it started (its process group): SIGTERM, then SIGKILL if it is still alive after a grace period. Its output stays readable with BashOutput.',
    category: 'shell',
    toolset: 'shell',
    tags: ['shell', 'background', 'kill', 'stop', 'terminate', 'process', 'server'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  });

  static override readonly PARAMS = KillShellParams;

  async execute(
    params: ParamsOf<typeof KillShellParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string> {
    const { background } = ctx.deps.session;
    const shell = background.get(params.shell_id, 'shell_id');
    if (!shell.groupAlive()) {
      return `${shellLabel(shell)} is no longer running (${statusText(shell)}); nothing to stop.`;
    }
    const graceMs = background.limits.killGraceMs;
    const { forced } = await background.kill(shell, 'KillShell');
    const how = forced
      ? `it ignored SIGTERM for ${formatDuration(graceMs)}, so SIGKILL ended it`
      : 'SIGTERM ended it';
    const unread = shell.unreadBytes;
    return [
      `Stopped ${shellLabel(shell)} and every process it started: ${how}.`,
      headline(shell),
      unread > 0 ? `${formatSize(unread)} of its output is unread: BashOutput shows it.` : '',
    ]
      .filter(Boolean)
      .join('\n');
  }
}
