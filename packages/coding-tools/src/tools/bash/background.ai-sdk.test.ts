/**
 * The background tools as an AI SDK agent gets them: `createCodingTools` driven by a scripted
 * MockLanguageModelV4 through the real generateText loop — start a process, type into it, list,
 * read an unknown id, stop it — on real processes.
 */
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { silentLogger } from '@toolsmith/core';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createCodingTools } from '../../create-coding-tools.ts';
import { CodingSession } from '../../session/coding-session.ts';
import { processAlive } from './process-group.ts';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

let root: string;
let session: CodingSession;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'bash-background-agent-')));
  session = new CodingSession({ root, background: { maxProcesses: 2 } });
});
afterEach(() => {
  session.dispose();
  rmSync(root, { recursive: true, force: true });
});

/** Answers "pong <line>" to every line, until its input ends. */
const ECHO_SERVER = `node -e 'console.log("ready"); require("readline").createInterface({ input: process.stdin }).on("line", (l) => console.log("pong " + l))'`;

it('starts, feeds, lists and stops a background process through generateText', async () => {
  const script: Array<[string, Record<string, unknown>]> = [
    ['Bash', { command: ECHO_SERVER, run_in_background: true, description: 'Start the echo server' }],
    ['BashInput', { bash_id: 'bash_1', input: 'ping\n', wait_ms: 10_000 }],
    ['Bash', { command: 'sleep 100', run_in_background: true }],
    ['Bash', { command: 'sleep 100', run_in_background: true }],
    ['BashList', {}],
    ['BashOutput', { bash_id: 'bash_7' }],
    ['KillShell', { shell_id: 'bash_1' }],
  ];
  let step = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async () => {
      const next = script[step++];
      if (!next) {
        return {
          content: [{ type: 'text', text: 'The echo server answered and is stopped.' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        } as never;
      }
      return {
        content: [
          { type: 'tool-call', toolCallId: `c${step}`, toolName: next[0], input: JSON.stringify(next[1]) },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      } as never;
    },
  });

  const result = await generateText({
    model,
    prompt: 'Start the echo server in the background, ping it, and stop it.',
    tools: createCodingTools({ root, session, logger: silentLogger }),
    stopWhen: stepCountIs(script.length + 1),
  });

  const outputs = result.steps.flatMap((s) =>
    s.toolResults.map((r) => ({ tool: r.toolName, output: JSON.stringify(r.output) })),
  );
  expect(outputs.map((o) => o.tool)).toEqual(script.map(([name]) => name));
  const [started, answered, , refused, listed, unknown, killed] = outputs.map((o) => o.output);
  expect(started).toMatch(/Started in the background as bash_1 \(pid \d+\)/);
  expect(answered).toMatch(/Sent 5 bytes\.\\nbash_1 .*running for .*ready\\npong ping/);
  expect(refused).toContain(
    'Not started: 2 background processes are running, the most this session allows (2)',
  );
  expect(listed).toMatch(/2 background processes, 2 running \(at most 2 at once\):\\n- bash_1 /);
  expect(unknown).toContain('No background process \\"bash_7\\" in this session');
  expect(unknown).toContain('Running: bash_1 (`node -e');
  expect(killed).toContain('Stopped bash_1 (`node -e');
  expect(result.text).toBe('The echo server answered and is stopped.');

  // The session owns what is left: disposing it stops the other sleeper.
  const sleeper = session.background.get('bash_2');
  expect(processAlive(sleeper.pid)).toBe(true);
  session.dispose();
  expect(processAlive(sleeper.pid)).toBe(false);
});
