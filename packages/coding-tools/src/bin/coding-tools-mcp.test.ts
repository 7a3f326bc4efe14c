/** The `coding-tools-mcp` bin, spawned and driven by the MCP SDK's real client over stdio. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { connectStdio, resultText, type StdioConnection } from '@toolsmith/testing';
import { tinyPdf, tinyPng } from '../tools/__fixtures__/binary-files.ts';

const bin = fileURLToPath(new URL('./coding-tools-mcp.ts', import.meta.url));
const nodeArgs = ['--conditions=@toolsmith/source', bin];
let root: string;
let connection: StdioConnection | undefined;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'coding-mcp-'));
  writeFileSync(path.join(root, 'notes.txt'), 'alpha\nbeta\n');
});
afterEach(async () => {
  await connection?.close();
  connection = undefined;
  rmSync(root, { recursive: true, force: true });
});

const call = async (name: string, args: Record<string, unknown>) => {
  const result = await connection!.client.callTool({ name, arguments: args });
  return { text: resultText(result), isError: result.isError === true };
};

describe('coding-tools-mcp', () => {
  it('serves the tools rooted at --root; search tools only with BRAVE_API_KEY', async () => {
    connection = await connectStdio({
      command: process.execPath,
      args: [...nodeArgs, '--root', root],
      env: { BRAVE_API_KEY: '' },
    });
    const names = (await connection.client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(
      [
        'ApplyPatch',
        'AskUser',
        'Bash',
        'Batch',
        'Diagnostics',
        'Edit',
        'Glob',
        'Grep',
        'ListDir',
        'MultiEdit',
        'Read',
        'TodoRead',
        'TodoWrite',
        'WebFetch',
        'Write',
        'search_tools',
      ].sort(),
    );
    // search_tools speaks of coding tasks: no example from another server, coding examples in the
    // instructions, and they find the coding tools.
    const searchTools = JSON.stringify(
      (await connection.client.listTools()).tools.find((t) => t.name === 'search_tools'),
    );
    expect(searchTools).not.toMatch(/tracker|issue|queue|sprint|worklog/i);
    expect(connection.client.getInstructions()).toContain(
      'search_tools finds the tool for a task, e.g. "find files by name", "replace text in a file", "run the tests".',
    );
    const found = async (query: string) =>
      (
        JSON.parse(
          resultText(
            await connection!.client.callTool({ name: 'search_tools', arguments: { query, limit: 3 } }),
          ),
        ) as { results: { name: string }[] }
      ).results.map((r) => r.name);
    expect(await found('find files by name')).toContain('Glob');
    expect(await found('replace text in a file')).toContain('Edit');
    expect(await found('run the tests')).toContain('Bash');
    // …in Russian and misspelt too (CODING_SEARCH_GLOSSARY, core's stems and corrections).
    expect(await found('прочитать файл')).toContain('Read');
    expect(await found('ошибки компиляции')).toContain('Diagnostics');
    expect(await found('serch file contents')).toContain('Grep');
    await connection.close();
    connection = await connectStdio({
      command: process.execPath,
      args: [...nodeArgs, '--root', root],
      env: { BRAVE_API_KEY: 'test-key-123456' },
    });
    const withSearch = (await connection.client.listTools()).tools.map((t) => t.name);
    expect(withSearch).toEqual(expect.arrayContaining(['WebSearch', 'CodeSearch']));
    expect(withSearch).not.toContain('Task');
  }, 30_000);

  it('reads, edits, patches, greps and runs commands in the root, and refuses paths outside it', async () => {
    connection = await connectStdio({ command: process.execPath, args: [...nodeArgs, '--root', root] });
    expect((await call('Read', { file_path: 'notes.txt' })).text).toMatch(/1\talpha|1→alpha|\s1[^\n]*alpha/);
    expect(
      (await call('Edit', { file_path: 'notes.txt', old_string: 'beta', new_string: 'gamma' })).isError,
    ).toBe(false);
    const patched = await call('ApplyPatch', {
      patch: '*** Begin Patch\n*** Add File: src/new.txt\n+hello\n*** End Patch',
    });
    expect(patched.isError).toBe(false);
    expect(readFileSync(path.join(root, 'notes.txt'), 'utf8')).toBe('alpha\ngamma\n');
    expect(readFileSync(path.join(root, 'src', 'new.txt'), 'utf8')).toBe('hello\n');
    expect((await call('Grep', { pattern: 'gamma' })).text).toContain('notes.txt');
    expect((await call('Bash', { command: 'ls src', description: 'List the src folder' })).text).toMatch(
      /Exit code 0[\s\S]*new\.txt/,
    );
    // Binary files: an image comes back as MCP image content, a PDF as an embedded resource.
    writeFileSync(path.join(root, 'pixel.png'), tinyPng());
    writeFileSync(path.join(root, 'paper.pdf'), tinyPdf());
    const image = await connection.client.callTool({ name: 'Read', arguments: { file_path: 'pixel.png' } });
    expect(image.content[0]).toEqual({
      type: 'image',
      data: tinyPng().toString('base64'),
      mimeType: 'image/png',
    });
    const pdf = await connection.client.callTool({ name: 'Read', arguments: { file_path: 'paper.pdf' } });
    expect(pdf.content[0]).toMatchObject({
      type: 'resource',
      resource: { mimeType: 'application/pdf', blob: tinyPdf().toString('base64') },
    });
    const outside = await call('Read', { file_path: '../etc-passwd' });
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain('outside the project root');
  }, 30_000);

  it("answers a NUL byte or a dangling symlinked folder in a path as the caller's error, not a server bug", async () => {
    symlinkSync(path.join(root, 'gone'), path.join(root, 'dangling'));
    connection = await connectStdio({ command: process.execPath, args: [...nodeArgs, '--root', root] });
    await call('Read', { file_path: 'notes.txt' });
    const nul = 'bad\0name.txt';
    const nulByte = /contains a NUL byte \(\\0\), which no (file path|file name|command line) can hold/;
    const through = /"dangling\/x\.txt" goes through dangling, a symlink to .*gone that leads nowhere/;
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['Read', { file_path: nul }, nulByte],
      ['Write', { file_path: nul, content: 'x' }, nulByte],
      ['Write', { file_path: `dir${nul}/x.txt`, content: 'x' }, nulByte],
      ['Edit', { file_path: nul, old_string: '', new_string: 'x' }, nulByte],
      ['MultiEdit', { file_path: nul, edits: [{ old_string: '', new_string: 'x' }] }, nulByte],
      ['ApplyPatch', { patch: `*** Begin Patch\n*** Add File: ${nul}\n+x\n*** End Patch` }, nulByte],
      ['ListDir', { path: nul }, nulByte],
      ['Glob', { pattern: `src${nul}/*` }, nulByte],
      ['Glob', { pattern: '*', path: nul }, nulByte],
      ['Grep', { pattern: 'alpha', glob: nul }, nulByte],
      ['Grep', { pattern: 'alpha', path: nul }, nulByte],
      ['Bash', { command: `echo ${nul}` }, nulByte],
      ['Bash', { command: 'pwd', workdir: nul }, nulByte],
      ['Write', { file_path: 'dangling/x.txt', content: 'x' }, through],
      ['Edit', { file_path: 'dangling/x.txt', old_string: '', new_string: 'x' }, through],
      ['MultiEdit', { file_path: 'dangling/x.txt', edits: [{ old_string: '', new_string: 'x' }] }, through],
      ['ApplyPatch', { patch: '*** Begin Patch\n*** Add File: dangling/x.txt\n+x\n*** End Patch' }, through],
      [
        'ApplyPatch',
        { patch: '*** Begin Patch\n*** Update File: notes.txt\n*** Move to: dangling/x.txt\n*** End Patch' },
        through,
      ],
    ];
    for (const [name, args, expected] of cases) {
      // A server bug would reject the call with JSON-RPC -32603 ("a bug in the server").
      const result = await call(name, args);
      expect({ name, args, isError: result.isError, fits: expected.test(result.text) }).toEqual({
        name,
        args,
        isError: true,
        fits: true,
      });
      expect(result.text).not.toContain('bug in the server');
    }
    expect(existsSync(path.join(root, 'gone'))).toBe(false);
    expect(readFileSync(path.join(root, 'notes.txt'), 'utf8')).toBe('alpha\nbeta\n');
  }, 30_000);

  it('asks the user through MCP elicitation when the client supports it', async () => {
    connection = await connectStdio({
      command: process.execPath,
      args: [...nodeArgs, '--root', root],
      capabilities: { elicitation: { form: {} } },
    });
    connection.client.setRequestHandler('elicitation/create', async (request) => ({
      action: 'accept',
      content: { answer: request.params.message.includes('tabs') ? 'spaces' : '?' },
    }));
    expect(
      (await call('AskUser', { question: 'Use tabs or spaces?', options: ['tabs', 'spaces'] })).text,
    ).toBe('The user answered: spaces');
  }, 30_000);

  it('serves search_knowledge over --knowledge sources, indexed at the first search', async () => {
    const guide = path.join(root, 'guide.md');
    writeFileSync(
      guide,
      [
        '# Project guide',
        '',
        '## Releasing',
        '',
        'Run npm run release from a clean main branch; the changelog is written from the commit titles.',
        '',
        '## Database migrations',
        '',
        'Append a migration to src/migrations; never edit one that shipped. Migrations run when the store opens.',
        '',
      ].join('\n'),
    );
    connection = await connectStdio({
      command: process.execPath,
      args: [...nodeArgs, '--root', root, '--knowledge', guide],
      env: { KNOWLEDGE_DB: '', DATABASE_URL: '', KNOWLEDGE_DATABASE_URL: '', KNOWLEDGE_EMBEDDING_MODEL: '' },
    });
    expect((await connection.client.listTools()).tools.map((t) => t.name)).toContain('search_knowledge');
    const found = await call('search_knowledge', { query: 'how do I change a migration that shipped' });
    expect(found.isError).toBe(false);
    const { results } = JSON.parse(found.text) as { results: { topic: string; content: string }[] };
    expect(results[0]!.content).toContain('never edit one that shipped');
    const empty = await call('search_knowledge', { query: '   ' });
    expect(empty.isError).toBe(true);
    expect(empty.text).toMatch(/query/);
  }, 90_000);

  it('refuses a --knowledge path that does not exist with exit code 2', async () => {
    const run = promisify(execFile);
    const error = await run(process.execPath, [...nodeArgs, '--root', root, '--knowledge', 'no-such.md'], {
      cwd: root,
    }).catch((e: unknown) => e);
    expect((error as { code: number }).code).toBe(2);
    expect((error as { stderr: string }).stderr).toContain('--knowledge no-such.md: not found');
  }, 30_000);

  it('refuses a missing --root folder with exit code 2', async () => {
    const run = promisify(execFile);
    const error = await run(process.execPath, [...nodeArgs, '--root', path.join(root, 'nope')]).catch(
      (e: unknown) => e,
    );
    expect((error as { code: number }).code).toBe(2);
    expect((error as { stderr: string }).stderr).toContain('not a directory');
  }, 30_000);
});
