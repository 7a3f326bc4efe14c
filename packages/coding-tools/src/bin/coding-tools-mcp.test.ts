/** The `coding-tools-mcp` bin, spawned and driven by the MCP SDK's real client over stdio. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { connectStdio, resultText, type StdioConnection } from '@toolsmith/testing';
import { tinyPdf, tinyPng } from '../tools/__fixtures__/binary-files.ts';
import { copyFixtureProject } from '../tools/lsp/__fixtures__/copy-fixture-project.ts';
import { processAlive } from '../tools/bash/process-group.ts';

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
        'BashInput',
        'BashList',
        'BashOutput',
        'Batch',
        'Diagnostics',
        'Edit',
        'Glob',
        'Grep',
        'KillShell',
        'ListDir',
        'LSP',
        'MultiEdit',
        'Read',
        'Rename',
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

  it('applies --permissions rules: deny refuses, ask goes through elicitation, or is refused without it', async () => {
    const rules = path.join(root, 'rules.json');
    writeFileSync(
      rules,
      JSON.stringify({ permissions: { deny: ['Read(notes.txt)'], ask: ['Bash(touch:*)'] } }),
    );
    connection = await connectStdio({
      command: process.execPath,
      args: [...nodeArgs, '--root', root, '--permissions', rules],
      capabilities: { elicitation: { form: {} } },
    });
    const decisions = ['deny', 'allow once'];
    const asked: string[] = [];
    connection.client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { decision: decisions.shift() ?? '' } };
    });
    const read = await call('Read', { file_path: 'notes.txt' });
    expect(read).toMatchObject({ isError: true });
    expect(read.text).toContain('rule deny "Read(notes.txt)"');
    const declined = await call('Bash', { command: 'touch made' });
    expect(declined.isError).toBe(true);
    expect(declined.text).toContain('The user did not allow Bash: touch made');
    expect(existsSync(path.join(root, 'made'))).toBe(false);
    expect((await call('Bash', { command: 'touch made' })).isError).toBe(false);
    expect(existsSync(path.join(root, 'made'))).toBe(true);
    expect(asked).toEqual([
      'Allow Bash: touch made? (rule ask "Bash(touch:*)")',
      'Allow Bash: touch made? (rule ask "Bash(touch:*)")',
    ]);
    await connection.close();
    // A client without elicitation: the ask is refused, saying why.
    connection = await connectStdio({
      command: process.execPath,
      args: [...nodeArgs, '--root', root, '--permissions', rules],
    });
    const refused = await call('Bash', { command: 'touch again' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('cannot ask the user (no elicitation)');
    expect(existsSync(path.join(root, 'again'))).toBe(false);
  }, 30_000);

  it('ranks search_tools with knowledge-search on --tool-search hybrid', async () => {
    connection = await connectStdio({
      command: process.execPath,
      args: [...nodeArgs, '--root', root, '--tool-search', 'hybrid'],
    });
    const names = async (query: string) =>
      (
        JSON.parse(
          resultText(
            await connection!.client.callTool({ name: 'search_tools', arguments: { query, limit: 3 } }),
          ),
        ) as { results: { name: string }[] }
      ).results.map((r) => r.name);
    expect(await names('find files by name')).toContain('Glob');
    expect(await names('прочитать файл')).toContain('Read'); // the lexical side's glossary, fused
    expect(await names('serch file contents')).toContain('Grep');
  }, 60_000);

  it('refuses a --permissions file naming no tool, with exit code 2', async () => {
    const rules = path.join(root, 'bad.json');
    writeFileSync(rules, JSON.stringify({ deny: ['Raed(.env)'] }));
    const run = promisify(execFile);
    const error = await run(process.execPath, [...nodeArgs, '--root', root, '--permissions', rules]).catch(
      (e: unknown) => e,
    );
    expect((error as { code: number }).code).toBe(2);
    expect((error as { stderr: string }).stderr).toContain('"Raed" is no tool of this server');
    expect((error as { stderr: string }).stderr).toContain('Did you mean Read');
  }, 30_000);

  it('runs background processes, feeds and reads them, caps them, and stops them all with the server', async () => {
    connection = await connectStdio({
      command: process.execPath,
      args: [...nodeArgs, '--root', root, '--max-background-processes', '3'],
    });
    const started = async (command: string) => {
      const result = await call('Bash', { command, run_in_background: true });
      expect(result.isError).toBe(false);
      return /as (bash_\d+) \(pid (\d+)\)/.exec(result.text)!.slice(1);
    };
    // A "server" that forks two children and logs a tick every 50 ms.
    const [server] = await started(
      `echo $$ > pids; sleep 100 & echo $! >> pids; sleep 100 & echo $! >> pids; node -e 'let n = 0; setInterval(() => console.log("tick " + ++n), 50)'`,
    );
    const pidsFile = path.join(root, 'pids');
    const readPids = () => (existsSync(pidsFile) ? readFileSync(pidsFile, 'utf8').trim().split('\n') : []);
    const deadline = Date.now() + 10_000;
    while (
      (readPids().length < 3 || !(await call('BashList', {})).text.includes('unread')) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const pids = readPids().map(Number);
    expect(pids).toHaveLength(3);
    const ticks = (text: string) => [...text.matchAll(/tick (\d+)/g)].map((m) => Number(m[1]));
    const first = ticks((await call('BashOutput', { bash_id: server })).text);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = ticks((await call('BashOutput', { bash_id: server })).text);
    expect(first.length).toBeGreaterThan(0);
    expect(second[0]).toBe(first.at(-1)! + 1);

    const [cat] = await started('cat');
    expect((await call('BashInput', { bash_id: cat, input: 'echo me\n' })).text).toMatch(/\necho me$/);
    const [third, thirdPid] = await started('sleep 100');
    const refused = await call('Bash', { command: 'sleep 1', run_in_background: true });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('the most this session allows (3)');
    const unknown = await call('BashOutput', { bash_id: 'bash_7' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain(`Running: ${server} (\``);
    expect((await call('KillShell', { shell_id: third })).text).toContain(`Stopped ${third} (\`sleep 100\`)`);
    expect(processAlive(Number(thirdPid))).toBe(false);

    // The server ends (its stdin closed): every process it started is gone with it.
    await connection.close();
    connection = undefined;
    for (const pid of pids) expect(processAlive(pid)).toBe(false);
  }, 30_000);

  it('leaves nothing running when the server is killed with SIGKILL: the reaper stops the groups', async () => {
    connection = await connectStdio({ command: process.execPath, args: [...nodeArgs, '--root', root] });
    const started = await call('Bash', {
      command: `trap '' TERM; echo $$ > pids; sleep 100 & echo $! >> pids; sleep 100 & echo $! >> pids; wait`,
      run_in_background: true,
    });
    expect(started.isError).toBe(false);
    const pidsFile = path.join(root, 'pids');
    const readPids = () => (existsSync(pidsFile) ? readFileSync(pidsFile, 'utf8').trim().split('\n') : []);
    let deadline = Date.now() + 10_000;
    while (readPids().length < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const pids = readPids().map(Number);
    expect(pids).toHaveLength(3);
    process.kill(connection.pid!, 'SIGKILL'); // no handler of the server runs
    deadline = Date.now() + 10_000; // SIGTERM is ignored: SIGKILL after the 2 s grace
    while (pids.some(processAlive) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    for (const pid of pids) expect(processAlive(pid)).toBe(false);
    await connection.close().catch(() => undefined);
    connection = undefined;
  }, 30_000);

  it('answers LSP, appends the errors an edit introduced, and takes --no-lsp, --no-diagnostics-after-edit and --lsp-config', async () => {
    const project = copyFixtureProject();
    try {
      connection = await connectStdio({ command: process.execPath, args: [...nodeArgs, '--root', project] });
      const references = await call('LSP', {
        operation: 'findReferences',
        file_path: 'packages/app/src/report.ts',
        symbol: 'totalArea',
      });
      expect(references.text).toContain('3 references in 2 files to "totalArea"');
      await call('Read', { file_path: 'packages/app/src/report.ts' });
      const edited = await call('Edit', {
        file_path: 'packages/app/src/report.ts',
        old_string: 'computeArea(shape)',
        new_string: 'computeArea(shape, 2)',
      });
      expect(edited.text).toContain(
        '1 new error (typescript language server):\npackages/app/src/report.ts:4:65 TS2554 Expected 1 arguments, but got 2.',
      );
      await connection.close();

      connection = await connectStdio({
        command: process.execPath,
        args: [...nodeArgs, '--root', project, '--no-lsp', '--no-diagnostics-after-edit'],
      });
      const names = (await connection.client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain('LSP');
      expect(names).not.toContain('Rename');
      await call('Read', { file_path: 'packages/app/src/report.ts' });
      expect(
        (
          await call('Edit', {
            file_path: 'packages/app/src/report.ts',
            old_string: 'shape, 2',
            new_string: 'shape, 3',
          })
        ).text,
      ).toMatch(/^Edited packages\/app\/src\/report.ts at line 4\. The changed region now reads:\n[^]*\d\t$/);

      writeFileSync(
        path.join(project, 'lsp.json'),
        JSON.stringify({ servers: [{ id: 'py', command: 'pylsp' }] }),
      );
      const error = await promisify(execFile)(process.execPath, [
        ...nodeArgs,
        '--root',
        project,
        '--lsp-config',
        path.join(project, 'lsp.json'),
      ]).catch((e: unknown) => e);
      expect((error as { code: number }).code).toBe(2);
      expect((error as { stderr: string }).stderr).toContain('servers.0.extensions');
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 90_000);

  it('leaves no language server running when the server is killed with SIGKILL', async () => {
    const project = copyFixtureProject();
    try {
      connection = await connectStdio({ command: process.execPath, args: [...nodeArgs, '--root', project] });
      await call('LSP', { operation: 'hover', file_path: 'packages/app/src/report.ts', symbol: 'totalArea' });
      const server = connection.pid!;
      const languageServer = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .find(
          ([, ppid, ...args]) =>
            Number(ppid) === server && args.join(' ').includes('typescript-language-server'),
        );
      const pid = Number(languageServer?.[0]);
      expect(processAlive(pid)).toBe(true);
      process.kill(server, 'SIGKILL');
      // It watches the client's process id (LSP initialize's processId) and exits with its tsserver.
      const deadline = Date.now() + 20_000;
      while ((processAlive(pid) || processAlive(-pid)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect([processAlive(pid), processAlive(-pid)]).toEqual([false, false]);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a missing --root folder with exit code 2', async () => {
    const run = promisify(execFile);
    const error = await run(process.execPath, [...nodeArgs, '--root', path.join(root, 'nope')]).catch(
      (e: unknown) => e,
    );
    expect((error as { code: number }).code).toBe(2);
    expect((error as { stderr: string }).stderr).toContain('not a directory');
  }, 30_000);
});
