/**
 * Background processes on real processes: Bash with run_in_background, BashOutput, BashInput,
 * BashList and KillShell against shells, node scripts and their children in a temporary folder —
 * a dev server read twice, a buffer that overflows, a process that ignores SIGTERM, one that forks,
 * stdin echoed back, the cap on processes, and the session's end stopping everything.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { noProgress, silentLogger, type BaseTool, type ToolCallResult } from '@toolsmith/core';
import { CodingSession, type CodingSessionOptions } from '../../session/coding-session.ts';
import { BashTool } from '../bash.ts';
import { BashInputTool } from './bash-input.ts';
import { BashListTool } from './bash-list.ts';
import { BashOutputTool } from './bash-output.ts';
import { readNewOutput } from './background-report.ts';
import { KillShellTool } from './kill-shell.ts';
import { processAlive } from './process-group.ts';

// Real shells and process groups: starting and stopping them takes seconds when every project tests at once.
jest.setTimeout(30_000);

let root: string;
const sessions: CodingSession[] = [];

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'bash-background-')));
});
afterEach(() => {
  for (const s of sessions.splice(0)) s.dispose();
  rmSync(root, { recursive: true, force: true });
});

function session(options: Partial<CodingSessionOptions> = {}): CodingSession {
  const s = new CodingSession({ root, ...options });
  sessions.push(s);
  return s;
}

const tools: Record<string, BaseTool<never, never>> = {
  Bash: new BashTool() as never,
  BashOutput: new BashOutputTool() as never,
  BashInput: new BashInputTool() as never,
  BashList: new BashListTool() as never,
  KillShell: new KillShellTool() as never,
};

async function call(s: CodingSession, name: string, args: Record<string, unknown>): Promise<ToolCallResult> {
  return (tools[name] as unknown as BashTool).run(args, {
    deps: { session: s },
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: name,
  });
}

function text(result: ToolCallResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** Starts `command` in the background and returns its id. */
async function start(s: CodingSession, command: string): Promise<string> {
  const result = await call(s, 'Bash', { command, run_in_background: true });
  expect(result.isError).toBeUndefined();
  const id = /as (bash_\d+) \(pid \d+\)/.exec(text(result))?.[1];
  expect(id).toBeDefined();
  return id!;
}

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** The pids a command wrote to `file`, once `count` are there. */
async function readPids(file: string, count: number): Promise<number[]> {
  const read = () => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : []);
  await waitFor(() => read().length >= count);
  return read().map(Number);
}

/** A dev server: says it is ready, then logs a numbered tick every 50 ms and never ends. */
const DEV_SERVER = `node -e 'console.log("ready on http://127.0.0.1:3000"); let n = 0; setInterval(() => console.log("tick " + ++n), 50)'`;

/** A shell that records its pid and two children's, then waits on them. */
const FORKING =
  'echo $$ > pids; sleep 100 & echo $! >> pids; sleep 100 & echo $! >> pids; echo started; wait';

const ticks = (output: string) => [...output.matchAll(/tick (\d+)/g)].map((m) => Number(m[1]));

describe('Bash run_in_background', () => {
  it('returns an id at once; BashOutput gives only the new output on each read', async () => {
    const s = session();
    const started = Date.now();
    const id = await start(s, DEV_SERVER);
    expect(id).toBe('bash_1');
    expect(Date.now() - started).toBeLessThan(5000);
    const shell = s.background.get(id);
    await waitFor(() => shell.outputEnd > 100);
    const first = text(await call(s, 'BashOutput', { bash_id: id }));
    expect(first).toMatch(/^bash_1 \(`node -e .*`\), pid \d+: running for [\d.]+ (ms|s)\.\n/);
    expect(first).toContain('ready on http://127.0.0.1:3000');
    const before = ticks(first);
    expect(before.length).toBeGreaterThan(0);

    await waitFor(() => shell.unreadBytes > 30);
    const second = text(await call(s, 'BashOutput', { bash_id: id }));
    expect(second.slice(second.indexOf('\n'))).not.toContain('ready on'); // past the headline
    const after = ticks(second);
    expect(after.length).toBeGreaterThan(0);
    expect(Math.min(...after)).toBe(Math.max(...before) + 1); // nothing repeated, nothing skipped

    const list = text(await call(s, 'BashList', {}));
    expect(list).toMatch(/^1 background process, 1 running \(at most 10 at once\):\n- bash_1 \(`node -e/);
    expect(list).toMatch(/pid \d+, started \d{4}-\d\d-\d\dT[\d:]+Z, running for/);

    const killed = text(await call(s, 'KillShell', { shell_id: id }));
    expect(killed).toContain('Stopped bash_1 (`node -e');
    expect(killed).toContain('SIGTERM ended it');
    expect(processAlive(shell.pid)).toBe(false);
    expect(text(await call(s, 'BashOutput', { bash_id: id }))).toMatch(
      /pid \d+: stopped by KillShell after [\d.]+ (ms|s) \(SIGTERM\)\./,
    );
    expect(text(await call(s, 'KillShell', { shell_id: id }))).toMatch(
      /is no longer running .*nothing to stop\.$/,
    );
  });

  it('reports the exit code of a process that ended, and its last output', async () => {
    const s = session();
    const id = await start(s, 'echo building; echo warning >&2; exit 3');
    await waitFor(() => !s.background.get(id).running);
    await s.background.get(id).kill('test', 100); // nothing left to kill: waits for the pipes to close
    const result = text(await call(s, 'BashOutput', { bash_id: id }));
    expect(result).toMatch(
      /^bash_1 \(`echo building; echo warning >&2; exit 3`\), pid \d+: exited with code 3 after/,
    );
    expect(result).toContain('building\nwarning');
  });

  it('drops the oldest output past the buffer and says how many bytes were dropped', async () => {
    const s = session({ background: { bufferBytes: 1000 } });
    const id = await start(s, "head -c 5000 /dev/zero | tr '\\0' x; echo; echo end");
    const shell = s.background.get(id);
    await waitFor(() => shell.outputEnd === 5005);
    const result = text(await call(s, 'BashOutput', { bash_id: id }));
    expect(result).toContain(
      '[… 4005 bytes of output dropped before this read: only the last 1000 bytes are kept. Read more often, or use `filter` …]',
    );
    expect(result.endsWith(`${'x'.repeat(995)}\nend`)).toBe(true);
  });

  it('keeps output past the answer budget for the next read, and says how much waits', async () => {
    const s = session();
    const id = await start(s, 'for i in $(seq 1 4000); do echo "line number $i"; done');
    const shell = s.background.get(id);
    await waitFor(() => !shell.running && shell.outputEnd >= 4000 * 15);
    const first = text(await call(s, 'BashOutput', { bash_id: id }));
    expect(first).toMatch(
      /\[… \d+ more characters of new output not shown \(the answer's limit is 30000\); call BashOutput again for them …\]$/,
    );
    let all = first;
    for (let read = 0; read < 5 && /call BashOutput again/.test(all); read++) {
      all += `\n${text(await call(s, 'BashOutput', { bash_id: id }))}`;
    }
    expect(all).not.toMatch(/call BashOutput again for them …\]$/);
    const numbers = [...all.matchAll(/line number (\d+)/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual(Array.from({ length: 4000 }, (_, i) => i + 1));
  });

  it('filters the new lines by a regular expression and refuses a broken one with the fix', async () => {
    const s = session();
    const id = await start(s, 'echo "ok 1"; echo "ERROR disk"; echo "ok 2"; echo "ERROR net"; echo partial');
    await waitFor(() => !s.background.get(id).running);
    await sleep(100);
    const result = text(await call(s, 'BashOutput', { bash_id: id, filter: '^ERROR' }));
    expect(result).toContain(
      'Filter /^ERROR/: 2 lines matched; 3 other lines skipped (not shown, and not shown again).\nERROR disk\nERROR net',
    );
    expect(text(await call(s, 'BashOutput', { bash_id: id }))).toMatch(/\n\(no new output\)$/);

    const bad = await call(s, 'BashOutput', { bash_id: id, filter: 'Error(' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain(
      '- filter: "Error(" is not a valid regular expression (/Error(/: Unterminated group). Escape characters meant literally with a backslash',
    );
  });

  it('shows the start of a matching line longer than the whole budget, and says how much is cut', async () => {
    const s = session();
    const id = await start(s, "echo short E; head -c 50 /dev/zero | tr '\\0' E; echo; echo tail E");
    const shell = s.background.get(id);
    await waitFor(() => !shell.running && shell.outputEnd === 8 + 51 + 7);
    const read = () => readNewOutput(shell, /E/, 20).split('\n').slice(1);
    const more = (n: number) =>
      `[… ${n} more characters of new output not shown (the answer's limit is 20); call BashOutput again for them …]`;
    expect(read()).toEqual(['Filter /E/: 1 line matched.', 'short E', more(58)]);
    expect(read()).toEqual([
      'Filter /E/: 1 line matched.',
      `${'E'.repeat(20)} [… 30 more characters of this line not shown …]`,
      more(7),
    ]);
    expect(read()).toEqual(['Filter /E/: 1 line matched.', 'tail E']);
  });

  it('stops a process that ignores SIGTERM with SIGKILL, with everything it started', async () => {
    const s = session({ background: { killGraceMs: 300 } });
    const id = await start(s, `trap '' TERM; ${FORKING}`);
    const pids = await readPids(path.join(root, 'pids'), 3);
    for (const pid of pids) expect(processAlive(pid)).toBe(true);
    const result = text(await call(s, 'KillShell', { shell_id: id }));
    expect(result).toContain('it ignored SIGTERM for 300 ms, so SIGKILL ended it');
    for (const pid of pids) expect(processAlive(pid)).toBe(false);
    expect(text(await call(s, 'BashOutput', { bash_id: id }))).toContain('(it ignored SIGTERM, so SIGKILL)');
  });

  it('stops the whole group of a process that forked, when killed and when the session ends', async () => {
    const s = session();
    const id = await start(s, FORKING);
    const pids = await readPids(path.join(root, 'pids'), 3);
    await call(s, 'KillShell', { shell_id: id });
    for (const pid of pids) expect(processAlive(pid)).toBe(false);

    rmSync(path.join(root, 'pids'));
    const other = session({ background: { killGraceMs: 300 } });
    await start(other, FORKING);
    await start(other, `trap '' TERM; sleep 100 & echo $! > stubborn; wait`);
    const forked = await readPids(path.join(root, 'pids'), 3);
    const [stubborn] = await readPids(path.join(root, 'stubborn'), 1);
    other.dispose();
    for (const pid of [...forked, stubborn!]) expect(processAlive(pid)).toBe(false);
    const refused = await call(other, 'Bash', { command: 'true', run_in_background: true });
    expect(text(refused)).toBe('This session has ended: it starts no more background processes.');
  });

  it('writes to stdin and returns the answer; close_stdin ends the input', async () => {
    const s = session();
    const id = await start(
      s,
      `node -e 'process.stdout.write("name? "); require("readline").createInterface({ input: process.stdin }).on("line", (l) => process.stdout.write("hello " + l + "\\nname? ")).on("close", () => { console.log("bye"); process.exit(0); })'`,
    );
    await waitFor(() => s.background.get(id).outputEnd >= 6);
    expect(text(await call(s, 'BashOutput', { bash_id: id }))).toMatch(/\nname\? $/);
    const answer = await call(s, 'BashInput', { bash_id: id, input: 'Ada\n' });
    expect(text(answer)).toMatch(/^Sent 4 bytes\.\nbash_1 .*running for .*\nhello Ada\nname\? $/);
    const closed = text(
      await call(s, 'BashInput', { bash_id: id, input: '', close_stdin: true, wait_ms: 5000 }),
    );
    expect(closed).toMatch(/^Sent nothing and closed stdin\.\nbash_1 .*exited with code 0 after .*\nbye$/);
    const late = await call(s, 'BashInput', { bash_id: id, input: 'more\n' });
    expect(late.isError).toBe(true);
    expect(text(late)).toMatch(
      /is no longer running \(exited with code 0 after .*\), so it reads no input\./,
    );

    const cat = await start(s, 'cat');
    const echoed = text(await call(s, 'BashInput', { bash_id: cat, input: 'one\ntwo\n' }));
    expect(echoed).toMatch(/\none\ntwo$/);
  });

  it('refuses a process past the cap, naming the cap and how to free one', async () => {
    const s = session({ background: { maxProcesses: 2 } });
    const first = await start(s, 'sleep 100');
    await start(s, 'sleep 100');
    const refused = await call(s, 'Bash', { command: 'sleep 1', run_in_background: true });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe(
      "Not started: 2 background processes are running, the most this session allows (2): bash_1 (`sleep 100`), bash_2 (`sleep 100`). Stop one you no longer need with KillShell (shell_id), or wait until one ends; BashList shows them all. The limit is the operator's setting (maxProcesses, --max-background-processes).",
    );
    await call(s, 'KillShell', { shell_id: first });
    expect(await start(s, 'sleep 100')).toBe('bash_3');
  });

  it('answers an unknown id with the ones there are', async () => {
    const s = session();
    const none = await call(s, 'BashOutput', { bash_id: 'bash_1' });
    expect(none.isError).toBe(true);
    expect(text(none)).toBe(
      'No background process "bash_1": none was started in this session. Start one with Bash and run_in_background: true; its id comes back in the answer.',
    );
    await start(s, 'sleep 100');
    const done = await start(s, 'true');
    await waitFor(() => !s.background.get(done).running);
    const unknown = await call(s, 'BashOutput', { bash_id: 'bash_9' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toBe(
      'No background process "bash_9" in this session (bash_id takes the id Bash gave, e.g. "bash_1"). Running: bash_1 (`sleep 100`). Finished: bash_2.',
    );
    expect(text(await call(s, 'KillShell', { shell_id: 'shell-1' }))).toContain(
      'No background process "shell-1" in this session (shell_id takes the id Bash gave',
    );
    expect(text(await call(s, 'BashList', {}))).toMatch(
      /^2 background processes, 1 running \(at most 10 at once\):\n- bash_1 \(`sleep 100`\): .*running for .*\n- bash_2 \(`true`\): .*exited with code 0 after/,
    );
  });
});
