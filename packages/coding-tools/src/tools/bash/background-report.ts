/**
 * What BashOutput, BashInput, BashList and KillShell say about a background process: its status
 * line, and its new output — since the model's last read, within a character budget, optionally
 * only the lines a regular expression matches. Nothing is left out silently: output the ring
 * dropped before it was read, output beyond the budget (kept for the next read) and lines the filter
 * skipped are each counted in the answer.
 */
import { formatSize, plural } from '../shared/plural.ts';
import type { BackgroundShell } from './background-shell.ts';
import { shellLabel } from './background-shells.ts';

/** Characters of new output one answer shows at most; the rest waits for the next read. */
export const BACKGROUND_OUTPUT_BUDGET = 30_000;

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** `running for 3.2 s`, `exited with code 0 after 1.0 s`, `killed by KillShell (SIGTERM) after …`. */
export function statusText(shell: BackgroundShell, groups?: ReadonlyMap<number, number>): string {
  const took = formatDuration(shell.runtimeMs);
  const state = shell.state;
  let text: string;
  if (state.status === 'running') text = shell.running ? `running for ${took}` : `ending (${took})`;
  else if (state.status === 'exited') text = `exited with code ${state.exitCode} after ${took}`;
  else if (state.status === 'signalled') text = `ended by signal ${state.signal} after ${took}`;
  else
    text = `stopped by ${state.by} after ${took} (${state.forced ? 'it ignored SIGTERM, so SIGKILL' : 'SIGTERM'})`;
  if (!shell.running) {
    const left = shell.leftovers(groups);
    if (left > 0) {
      text += `; ${plural(left, 'process', 'processes')} it started still ${left === 1 ? 'runs' : 'run'} (KillShell stops them)`;
    }
  }
  return text;
}

/** The first line of every answer about one process. */
export function headline(shell: BackgroundShell): string {
  return `${shellLabel(shell)}, pid ${shell.pid}: ${statusText(shell)}.`;
}

/** Byte length of the first `chars` characters of `text`. */
function bytesOf(text: string, chars = text.length): number {
  return Buffer.byteLength(chars === text.length ? text : text.slice(0, chars));
}

/**
 * The new output of `shell`, marked as read up to where it was shown. Without a filter: up to
 * `budget` characters, cut at a line end when there is one. With a filter: the matching lines (up
 * to the budget); lines that do not match are consumed and counted; a last line still being written
 * waits until it is complete (or the process ended).
 */
export function readNewOutput(
  shell: BackgroundShell,
  filter: RegExp | undefined,
  budget = BACKGROUND_OUTPUT_BUDGET,
): string {
  const { dropped, start, text } = shell.unread();
  const notes: string[] = [];
  if (dropped > 0) {
    notes.push(
      `[… ${plural(dropped, 'byte')} of output dropped before this read: only the last ${formatSize(shell.bufferBytes)} are kept. Read more often, or use \`filter\` …]`,
    );
  }
  let shown: string;
  let consumedChars: number;
  if (filter === undefined) {
    if (text.length <= budget) {
      shown = text;
      consumedChars = text.length;
    } else {
      const lastNewline = text.lastIndexOf('\n', budget - 1);
      consumedChars = lastNewline >= 0 ? lastNewline + 1 : budget;
      shown = text.slice(0, consumedChars);
    }
  } else {
    const lines: string[] = [];
    let skipped = 0;
    let size = 0;
    let position = 0;
    while (position < text.length) {
      const newline = text.indexOf('\n', position);
      if (newline === -1 && shell.running) break; // an unfinished line: judged when complete
      const end = newline === -1 ? text.length : newline + 1;
      const line = text.slice(position, newline === -1 ? text.length : newline);
      if (filter.test(line)) {
        if (size + line.length + 1 > budget && lines.length > 0) break; // the rest: next read
        // One matching line longer than the whole budget: its start, and how much of it is not shown.
        lines.push(
          line.length > budget
            ? `${line.slice(0, budget)} [… ${plural(line.length - budget, 'more character')} of this line not shown …]`
            : line,
        );
        size += Math.min(line.length, budget) + 1;
      } else skipped++;
      position = end;
    }
    consumedChars = position;
    shown = lines.length > 0 ? `${lines.join('\n')}\n` : '';
    notes.push(
      `Filter ${String(filter)}: ${plural(lines.length, 'line')} matched${skipped > 0 ? `; ${plural(skipped, 'other line')} skipped (not shown, and not shown again)` : ''}.`,
    );
  }
  shell.advance(start + bytesOf(text, consumedChars));
  const waiting = text.length - consumedChars;
  const parts = [headline(shell), ...notes];
  parts.push(
    shown === ''
      ? dropped > 0 || filter !== undefined
        ? '(no new output shown)'
        : '(no new output)'
      : shown.replace(/\n$/, ''),
  );
  if (waiting > 0) {
    const partialLine = filter !== undefined && shell.running && !text.slice(consumedChars).includes('\n');
    parts.push(
      partialLine
        ? `[The last line is still being written (${plural(waiting, 'character')}); it is judged by the filter once complete.]`
        : `[… ${plural(waiting, 'more character')} of new output not shown (the answer's limit is ${budget}); call BashOutput again for them …]`,
    );
  }
  return parts.join('\n');
}
