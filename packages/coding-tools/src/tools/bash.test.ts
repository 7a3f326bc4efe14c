import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { noProgress, silentLogger, type ToolCallResult } from '@toolsmith/core';
import { CodingSession, type CodingSessionOptions } from '../session/coding-session.ts';
import { BashTool } from './bash.ts';
import { groupMembers, processAlive } from './bash/process-group.ts';

let base: string;
let root: string;
const leftovers: number[] = [];

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), 'bash-tool-')));
  root = path.join(base, 'project');
  mkdirSync(path.join(root, 'sub'), { recursive: true });
  writeFileSync(path.join(root, 'file.txt'), 'x\n');
});
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(base, { recursive: true, force: true });
});

function session(options: Partial<CodingSessionOptions> = {}): CodingSession {
  return new CodingSession({ root, ...options });
}

async function run(
  args: unknown,
  s = session(),
  signal = new AbortController().signal,
): Promise<ToolCallResult> {
  return new BashTool().run(args, {
    deps: { session: s },
    signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: 'Bash',
  });
}

function text(result: ToolCallResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** The status line's duration varies; mask it for exact comparisons. */
function masked(result: ToolCallResult): string {
  return text(result).replace(/\((\d+ ms|\d+\.\d s)\)/, '(<duration>)');
}

/** The pids GROUP_COMMAND wrote, once all `count` are there (the shell appends them one by one). */
async function readPids(file: string, count = 3): Promise<number[]> {
  const read = () => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : []);
  const deadline = Date.now() + 10_000; // a loaded CI machine starts processes slowly
  while (read().length < count && Date.now() < deadline) await sleep(10);
  return read().map(Number);
}

async function waitUntilGone(pgid: number, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while ((groupMembers(pgid)?.length ?? 0) > 0 && Date.now() < deadline) await sleep(20);
}

// Real shells and process groups: starting and stopping them takes seconds when every project tests at once.
jest.setTimeout(30_000);

/** A command that records its shell's pid and two grandchildren's, then waits on them. */
const GROUP_COMMAND =
  'echo $$ > pids; sleep 100 & echo $! >> pids; sleep 100 & echo $! >> pids; echo started; wait';

describe('Bash: running commands', () => {
  it('reports the exit code and interleaves stdout and stderr in arrival order', async () => {
    const result = await run({
      command: 'echo one; sleep 0.3; echo two >&2; sleep 0.3; echo three', // 50 ms gaps were overtaken on a loaded machine
      description: 'Print three lines to both streams',
    });
    expect(result.isError).toBeUndefined();
    expect(masked(result)).toBe('Exit code 0 (<duration>)\none\ntwo\nthree');
  });

  it('treats a non-zero exit as a normal result that says the code', async () => {
    const result = await run({ command: 'echo "compile failed" >&2; exit 2' });
    expect(result.isError).toBeUndefined();
    expect(masked(result)).toBe('Exit code 2 (<duration>)\ncompile failed');
  });

  it('says "(no output)" for a silent command and reports a signal death', async () => {
    expect(masked(await run({ command: 'true' }))).toBe('Exit code 0 (<duration>)\n(no output)');
    expect(masked(await run({ command: 'kill -USR1 $$' }))).toBe(
      'Killed by signal SIGUSR1 (<duration>)\n(no output)',
    );
  });

  it('runs in the root by default and in workdir when given', async () => {
    const s = session();
    expect(text(await run({ command: 'pwd' }, s))).toContain(`\n${s.root}`);
    expect(text(await run({ command: 'pwd', workdir: 'sub' }, s))).toContain(`\n${path.join(s.root, 'sub')}`);
  });

  it("uses the session's environment and shell, and closes stdin", async () => {
    const s = session({
      env: { PATH: process.env.PATH, GREETING: 'hello from the session' },
      shell: '/bin/sh',
    });
    expect(text(await run({ command: 'echo "$GREETING"; echo "home=${HOME:-unset}"' }, s))).toContain(
      'hello from the session\nhome=unset',
    );
    expect(text(await run({ command: 'echo "$0"' }, s))).toContain('\n/bin/sh');
    expect(text(await run({ command: 'read line; echo "status=$? line=[$line]"' }))).toContain(
      'status=1 line=[]',
    );
  });

  it('refuses a workdir outside the root, a missing one and a file', async () => {
    const outside = await run({ command: 'pwd', workdir: '..' });
    expect(outside.isError).toBe(true);
    expect(text(outside)).toContain('- workdir: ".." is outside the project root');
    const missing = await run({ command: 'pwd', workdir: 'sbu' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toBe(
      `workdir sbu does not exist. Give an existing directory relative to the project root ${session().root}, or create it first. Did you mean: sub?`,
    );
    const file = await run({ command: 'pwd', workdir: 'file.txt' });
    expect(file.isError).toBe(true);
    expect(text(file)).toContain('workdir: file.txt is a file, not a directory.');
  });

  it('validates the parameters', async () => {
    const tooLong = await run({ command: 'true', timeout: 600_001 });
    expect(tooLong.isError).toBe(true);
    expect(text(tooLong)).toContain('timeout');
    const empty = await run({ command: '' });
    expect(empty.isError).toBe(true);
    expect(text(empty)).toContain('command');
  });
});

describe('Bash: timeouts and cancellation stop the whole process group', () => {
  it('kills the shell and its grandchildren on timeout and returns the output so far', async () => {
    const started = Date.now();
    const result = await run({ command: GROUP_COMMAND, timeout: 500 });
    expect(Date.now() - started).toBeLessThan(15_000); // not the 100 s the sleeps would take
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe(
      'Killed after 500 ms: the command did not finish within its timeout of 500 ms, so it and every process it started were stopped (SIGTERM). If it needs longer, raise `timeout` (max 600000).\nOutput before the kill:\nstarted',
    );
    const pids = await readPids(path.join(root, 'pids'));
    expect(pids).toHaveLength(3);
    for (const pid of pids) expect(processAlive(pid)).toBe(false);
    expect(groupMembers(pids[0]!)).toEqual([]);
  });

  it('sends SIGKILL when the group ignores SIGTERM', async () => {
    const result = await run({ command: `trap '' TERM; ${GROUP_COMMAND}`, timeout: 300 });
    expect(text(result)).toContain('were stopped (SIGTERM, then SIGKILL)');
    const pids = await readPids(path.join(root, 'pids'));
    for (const pid of pids) expect(processAlive(pid)).toBe(false);
  });

  it('stops the whole group when the call is aborted', async () => {
    const controller = new AbortController();
    const pending = run({ command: GROUP_COMMAND }, session(), controller.signal);
    const pids = await readPids(path.join(root, 'pids'));
    await sleep(50);
    for (const pid of pids) expect(processAlive(pid)).toBe(true);
    controller.abort();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Tool "Bash" was cancelled.');
    await waitUntilGone(pids[0]!);
    for (const pid of pids) expect(processAlive(pid)).toBe(false);
  });

  it('stops background jobs that keep the output open, and says so', async () => {
    const started = Date.now();
    const result = await run({ command: 'sleep 100 & echo $!; echo done' });
    expect(Date.now() - started).toBeLessThan(15_000); // not the 100 s the sleeps would take
    const body = text(result);
    expect(body).toMatch(/^Exit code 0 \(/);
    expect(body).toContain(
      'Note: background processes still writing to the output after the command exited were stopped.',
    );
    const pid = Number(/\n(\d+)\ndone$/.exec(body)?.[1]);
    expect(processAlive(pid)).toBe(false);
  });

  it('leaves a background job alone when its output is redirected', async () => {
    const result = await run({ command: 'sleep 30 > /dev/null 2>&1 & echo $!' });
    const pid = Number(/\n(\d+)$/.exec(text(result))?.[1]);
    leftovers.push(pid);
    expect(text(result)).not.toContain('Note:');
    expect(processAlive(pid)).toBe(true);
  });
});

describe('Bash: large output', () => {
  const seqOutput = Array.from({ length: 100_000 }, (_, i) => `${i + 1}\n`).join('');

  it('keeps the head and tail, marks the omission and saves the full output to outputDir', async () => {
    const outputDir = path.join(base, 'spill');
    const result = await run({ command: 'seq 1 100000' }, session({ outputDir }));
    const body = text(result);
    const lines = body.split('\n');
    expect(lines[0]).toMatch(/^Exit code 0 \(/);
    const file = /Full output saved to (\S+);/.exec(body)?.[1] ?? '';
    expect(path.dirname(file)).toBe(outputDir);
    expect(lines[1]).toBe(
      `Output: 100000 lines (588895 characters), too long to show whole; showing the first 500 lines and the last 1500 lines. Full output saved to ${file}; search or page it with Bash (e.g. \`grep -n PATTERN ${file}\`, \`sed -n '600,700p' ${file}\`) instead of running the command again.`,
    );
    expect(lines.slice(2, 4)).toEqual(['1', '2']);
    expect(lines[501]).toBe('500');
    expect(lines[502]).toBe('[… 98000 lines omitted …]');
    expect(lines[503]).toBe('98501');
    expect(lines.at(-1)).toBe('100000');
    expect(lines).toHaveLength(2 + 500 + 1 + 1500);
    expect(readFileSync(file, 'utf8')).toBe(seqOutput);
  });

  it('points at Read and Grep when the spill folder is inside the project', async () => {
    const result = await run({ command: 'seq 1 100000' }, session({ outputDir: 'logs' }));
    expect(text(result)).toMatch(
      /Full output saved to logs\/bash-[\w-]+\.log; use Grep or Read \(offset\/limit\) on it/,
    );
  });

  it('creates one temporary spill folder per session, only when needed', async () => {
    const tool = new BashTool();
    const call = (s: CodingSession, command: string) =>
      tool.run(
        { command },
        {
          deps: { session: s },
          signal: new AbortController().signal,
          progress: noProgress,
          logger: silentLogger,
          toolName: 'Bash',
        },
      );
    const first = session();
    const second = session();
    const small = text(await call(first, 'echo small'));
    expect(small).not.toContain('Full output');
    const fileOf = async (s: CodingSession) =>
      /Full output saved to (\S+);/.exec(text(await call(s, 'seq 1 3000')))?.[1] ?? '';
    const a = await fileOf(first);
    const b = await fileOf(first);
    const c = await fileOf(second);
    try {
      expect(path.dirname(a)).toBe(path.dirname(b));
      expect(path.dirname(c)).not.toBe(path.dirname(a));
      expect(
        path.dirname(a).startsWith(path.join(realpathSync(tmpdir()), 'coding-tools-')) ||
          path.dirname(a).startsWith(path.join(tmpdir(), 'coding-tools-')),
      ).toBe(true);
      expect(readFileSync(a, 'utf8')).toBe(Array.from({ length: 3000 }, (_, i) => `${i + 1}\n`).join(''));
      // The folder belongs to its session: dispose() removes it (and only it).
      first.dispose();
      expect(existsSync(path.dirname(a))).toBe(false);
      expect(existsSync(c)).toBe(true);
      second.dispose();
      expect(existsSync(path.dirname(c))).toBe(false);
    } finally {
      rmSync(path.dirname(a), { recursive: true, force: true });
      rmSync(path.dirname(c), { recursive: true, force: true });
    }
  });

  it('leaves a configured outputDir alone on dispose()', async () => {
    const outputDir = path.join(base, 'kept-spill');
    const s = session({ outputDir });
    const saved =
      /Full output saved to (\S+);/.exec(text(await run({ command: 'seq 1 3000' }, s)))?.[1] ?? '';
    expect(saved.startsWith(realpathSync(outputDir)) || saved.startsWith(outputDir)).toBe(true);
    s.dispose();
    expect(existsSync(saved)).toBe(true);
  });

  it('stays within the output budget for one very long line', async () => {
    const result = await run(
      { command: "head -c 200000 /dev/zero | tr '\\0' x" },
      session({ outputDir: path.join(base, 'spill') }),
    );
    const body = text(result);
    expect(body).toContain('\n[… 160000 characters omitted …]\n');
    expect(body.length).toBeLessThan(50_000);
  });
});
