/**
 * Permission rules on every tool, before any effect: deny refuses and nothing happens; ask asks the
 * session's handler (allow once, allow for this session, deny) and refuses when no one can be asked.
 * Real files in a temporary project, real commands, a real local HTTP server; the AI SDK path with
 * `ai/test`'s mock model.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { noProgress, silentLogger, type ToolContext } from '@toolsmith/core';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createCodingToolkit, createCodingTools } from '../create-coding-tools.ts';
import type { AskUserQuestion } from '../session/events.ts';
import type { CodingSessionOptions, CodingToolsDeps, SearchProvider } from '../session/coding-session.ts';
import { CodingTool } from '../tools/shared/coding-tool.ts';
import type { PermissionRulesConfig } from './permission-rules.ts';

let root: string;
let web: Server;
let webUrl: string;
let fetched = 0;
beforeAll(async () => {
  web = createServer((_request, response) => {
    fetched++;
    response.writeHead(200, { 'content-type': 'text/plain' }).end('hello from the web');
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/page`;
});
afterAll(() => new Promise<void>((resolve) => web.close(() => resolve())));
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'permissions-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src/a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(root, '.env'), 'TOKEN=secret\n');
  fetched = 0;
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const provider: SearchProvider = {
  name: 'stub',
  search: async () => [{ title: 't', url: 'u', snippet: 's' }],
};

function toolkit(permissions: PermissionRulesConfig, extra: Partial<CodingSessionOptions> = {}) {
  return createCodingToolkit({
    root,
    permissions,
    allowedPrivateHosts: ['127.0.0.1'],
    webFetch: { upgradeHttp: false },
    webSearch: provider,
    ...extra,
  });
}

async function call(kit: ReturnType<typeof toolkit>, name: string, args: Record<string, unknown>) {
  const tool = kit.registry.get(name)!;
  const ctx: ToolContext<CodingToolsDeps> = {
    deps: kit.deps,
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: name,
  };
  const result = await tool.run(args, ctx);
  return {
    text: result.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n'),
    isError: result.isError === true,
  };
}

const file = (relative: string) => path.join(root, relative);
const PATCH = '*** Begin Patch\n*** Add File: src/new.ts\n+export const n = 2;\n*** End Patch';

/** One call per tool, and how to see whether it had its effect. */
const CASES: {
  tool: string;
  args: () => Record<string, unknown>;
  rule: string;
  happened: () => boolean;
  before?: (kit: ReturnType<typeof toolkit>) => Promise<unknown>;
}[] = [
  { tool: 'Read', args: () => ({ file_path: '.env' }), rule: 'Read(.env)', happened: () => false },
  {
    tool: 'Write',
    args: () => ({ file_path: 'src/b.ts', content: 'export const b = 2;\n' }),
    rule: 'Edit(src/**)',
    happened: () => existsSync(file('src/b.ts')),
  },
  {
    tool: 'Edit',
    args: () => ({ file_path: 'src/a.ts', old_string: '= 1', new_string: '= 3' }),
    rule: 'Edit(src/a.ts)',
    happened: () => readFileSync(file('src/a.ts'), 'utf8').includes('= 3'),
    before: (kit) => call(kit, 'Read', { file_path: 'src/a.ts' }),
  },
  {
    tool: 'MultiEdit',
    args: () => ({ file_path: 'src/a.ts', edits: [{ old_string: '= 1', new_string: '= 4' }] }),
    rule: 'MultiEdit(src/*.ts)',
    happened: () => readFileSync(file('src/a.ts'), 'utf8').includes('= 4'),
    before: (kit) => call(kit, 'Read', { file_path: 'src/a.ts' }),
  },
  {
    tool: 'ApplyPatch',
    args: () => ({ patch: PATCH }),
    rule: 'Edit(src/new.ts)',
    happened: () => existsSync(file('src/new.ts')),
  },
  { tool: 'ListDir', args: () => ({ path: 'src' }), rule: 'Read(src)', happened: () => false },
  {
    tool: 'Glob',
    args: () => ({ pattern: '**/*.ts', path: 'src' }),
    rule: 'Glob(src)',
    happened: () => false,
  },
  {
    tool: 'Grep',
    args: () => ({ pattern: 'TOKEN', path: '.env' }),
    rule: 'Read(.env)',
    happened: () => false,
  },
  {
    tool: 'Bash',
    args: () => ({ command: 'touch made-by-bash && echo done' }),
    rule: 'Bash(touch:*)',
    happened: () => existsSync(file('made-by-bash')),
  },
  {
    tool: 'WebFetch',
    args: () => ({ url: webUrl }),
    rule: 'WebFetch(domain:127.0.0.1)',
    happened: () => fetched > 0,
  },
  {
    tool: 'TodoWrite',
    args: () => ({ todos: [{ id: '1', content: 'x', status: 'pending', priority: 'low' }] }),
    rule: 'TodoWrite',
    happened: () => false,
  },
  { tool: 'WebSearch', args: () => ({ query: 'xy' }), rule: 'WebSearch', happened: () => false },
  {
    tool: 'Diagnostics',
    args: () => ({ command: 'touch made-by-checker' }),
    rule: 'Bash(touch:*)',
    happened: () => existsSync(file('made-by-checker')),
  },
];

describe('permission rules on every tool', () => {
  it.each(CASES.map((c) => [c.tool, c] as const))(
    '%s: deny refuses before any effect, naming the rule',
    async (_name, c) => {
      const kit = toolkit({ deny: [c.rule] });
      await c.before?.(kit);
      const result = await call(kit, c.tool, c.args());
      expect(result.isError).toBe(true);
      expect(result.text).toContain(`rule deny "${c.rule}"`);
      expect(result.text).toContain('nothing was done');
      expect(c.happened()).toBe(false);
      if (c.tool === 'WebFetch') expect(fetched).toBe(0);
    },
  );

  it.each(CASES.map((c) => [c.tool, c] as const))(
    '%s: ask runs after "allow once", refuses after "deny"',
    async (_name, c) => {
      const asked: AskUserQuestion[] = [];
      let answer = 'deny';
      const kit = toolkit(
        { ask: [c.rule] },
        {
          askUser: async (question) => {
            asked.push(question);
            return answer;
          },
        },
      );
      await c.before?.(kit);
      const refused = await call(kit, c.tool, c.args());
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('The user did not allow');
      expect(c.happened()).toBe(false);
      expect(asked[0]?.question).toMatch(new RegExp(`^Allow ${c.tool}`));
      expect(asked[0]?.options).toEqual(['allow once', 'allow for this session', 'deny']);
      answer = 'allow once';
      const done = await call(kit, c.tool, c.args());
      expect(done.isError).toBe(false);
      expect(asked).toHaveLength(2);
    },
  );

  it('remembers "allow for this session" for that tool and subject only', async () => {
    const asked: string[] = [];
    const kit = toolkit(
      { ask: ['Bash'] },
      {
        askUser: async (q) => {
          asked.push(q.question);
          return 'allow for this session';
        },
      },
    );
    expect((await call(kit, 'Bash', { command: 'echo one' })).isError).toBe(false);
    expect((await call(kit, 'Bash', { command: 'echo one' })).isError).toBe(false);
    expect(asked).toHaveLength(1);
    await call(kit, 'Bash', { command: 'echo two' });
    expect(asked).toHaveLength(2);
  });

  it('refuses an ask when no one can be asked, and says why', async () => {
    const kit = toolkit({ ask: ['Edit'] });
    const result = await call(kit, 'Write', { file_path: 'src/c.ts', content: 'x' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain("needs the user's approval");
    expect(result.text).toContain('cannot ask the user');
    expect(existsSync(file('src/c.ts'))).toBe(false);
  });

  it('applies defaultMode to calls no rule covers', async () => {
    const kit = toolkit({ allow: ['Read', 'Bash(echo:*)'], defaultMode: 'deny' });
    expect((await call(kit, 'Read', { file_path: 'src/a.ts' })).isError).toBe(false);
    expect((await call(kit, 'Bash', { command: 'echo ok' })).isError).toBe(false);
    const write = await call(kit, 'Write', { file_path: 'src/d.ts', content: 'x' });
    expect(write.text).toContain('defaultMode "deny"');
    expect(existsSync(file('src/d.ts'))).toBe(false);
  });

  it('refuses rules naming no tool when the toolkit is made', () => {
    expect(() => toolkit({ deny: ['Raed(.env)'] })).toThrow(/Did you mean Read/);
  });

  it('every tool is a CodingTool whose profile fits its parameters (a new tool cannot skip the rules)', () => {
    const kit = toolkit({ deny: ['Read(.env)'] });
    for (const tool of kit.registry.list()) {
      expect([tool.name, tool instanceof CodingTool]).toEqual([tool.name, true]);
      const keys = Object.keys((tool.getParamsSchema() as { shape: Record<string, unknown> }).shape);
      const kind = (tool as unknown as CodingTool).permission.kind;
      // What it runs, fetches or touches is what the rules must see: a command first, then a URL, then paths.
      const expected = keys.includes('command')
        ? 'command'
        : keys.includes('url')
          ? 'domain'
          : keys.some((k) => ['file_path', 'path', 'patch'].includes(k))
            ? 'path'
            : 'none';
      // (A tool with none of these may still declare a kind: BashInput's input goes to a shell.)
      if (expected !== 'none') expect([tool.name, kind]).toEqual([tool.name, expected]);
    }
  });
});

describe('permission rules for AI SDK agents (createCodingTools)', () => {
  it('a denied call comes back to the model as an error, and the agent goes on', async () => {
    let step = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        step++;
        const usage = {
          inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: 1, reasoning: undefined },
        };
        if (step === 1) {
          return {
            content: [
              {
                type: 'tool-call',
                toolCallId: 'c1',
                toolName: 'Bash',
                input: JSON.stringify({ command: 'rm -rf src' }),
              },
            ],
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
            usage,
            warnings: [],
          };
        }
        return {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        };
      },
    });
    const result = await generateText({
      model,
      prompt: 'clean up',
      tools: createCodingTools({ root, permissions: { deny: ['Bash(rm:*)'] } }),
      stopWhen: stepCountIs(3),
    });
    const output = JSON.stringify(result.steps[0]?.toolResults[0]?.output);
    expect(output).toContain('rule deny');
    expect(existsSync(file('src/a.ts'))).toBe(true);
    expect(result.text).toBe('done');
  });
});
