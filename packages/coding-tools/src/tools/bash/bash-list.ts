/**
 * BashList: the session's background processes — id, command, status, start time, exit code and
 * unread output. Claude Code shows them to the user (`/bashes`) rather than to the model; opencode's
 * process tools call it `process_list`. The name follows the Bash* family here.
 */
import { defineToolMetadata, lazySchema, type ParamsOf, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../../session/coding-session.ts';
import { CodingTool } from '../shared/coding-tool.ts';
import { formatSize, plural } from '../shared/plural.ts';
import { statusText } from './background-report.ts';
import { livingGroups } from './process-group.ts';
import { shellLabel } from './background-shells.ts';

export const BashListParams = lazySchema(() => z.object({}));

export class BashListTool extends CodingTool<typeof BashListParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'BashList',
    title: 'List background processes',
    description:
      "[Shell/List] List this session's background processes (started with Bash, run_in_background: true): id, command, pid, start time, status or exit code, and unread output. Use the id with BashOutput, BashInput or KillShell.",
    category: 'shell',
    toolset: 'shell',
    tags: ['shell', 'background', 'processes', 'list', 'jobs', 'running', 'server'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });

  static override readonly PARAMS = BashListParams;

  async execute(
    _params: ParamsOf<typeof BashListParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string> {
    const { background } = ctx.deps.session;
    const shells = background.list();
    if (shells.length === 0) {
      return 'No background processes in this session. Start one with Bash and run_in_background: true.';
    }
    const running = shells.filter((shell) => shell.running).length;
    const groups = livingGroups(); // one pass over /proc for every line
    const lines = shells.map((shell) => {
      const started = new Date(shell.startedAt).toISOString().replace(/\.\d+Z$/, 'Z');
      const unread = shell.unreadBytes > 0 ? `; ${formatSize(shell.unreadBytes)} unread` : '';
      return `- ${shellLabel(shell)}: pid ${shell.pid}, started ${started}, ${statusText(shell, groups)}${unread}`;
    });
    return [
      `${plural(shells.length, 'background process', 'background processes')}, ${running} running (at most ${background.limits.maxProcesses} at once):`,
      ...lines,
    ].join('\n');
  }
}
