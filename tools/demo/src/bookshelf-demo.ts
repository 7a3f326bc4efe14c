/**
 * `npm run demo`: starts the Bookshelf API emulator, launches the example MCP server as a child
 * process (stdio, then Streamable HTTP), and drives it with the MCP SDK's real client, printing a
 * transcript. Needs no account and no network.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connectHttp, connectStdio, resultText } from '@toolsmith/testing';
import type { McpTestConnection } from '@toolsmith/testing';
import { createBookshelfEmulator } from '@toolsmith/example-server/emulator';
import { heading, note, request, response } from './transcript.ts';

/** The SDK's client, as the testing harness connects it. */
type Client = McpTestConnection['client'];

const TOKEN = 'demo-token-0123456789';
const serverMain = fileURLToPath(import.meta.resolve('@toolsmith/example-server/main'));
const nodeArgs = ['--conditions=@toolsmith/source', serverMain];

async function call(client: Client, name: string, args: Record<string, unknown>, onProgress = false) {
  request(`tools/call ${name}`, args);
  const result = await client.callTool(
    { name, arguments: args },
    {
      ...(onProgress
        ? {
            onprogress: (p: { progress: number; total?: number; message?: string }) =>
              note(`progress ${p.progress}/${p.total ?? '?'} — ${p.message ?? ''}`),
          }
        : {}),
    },
  );
  response(resultText(result), result.isError === true);
  return result;
}

const emulator = await createBookshelfEmulator({ token: TOKEN, exportPolls: 4 });
const env = { BOOKSHELF_API_URL: emulator.url, BOOKSHELF_TOKEN: TOKEN, BOOKSHELF_POLL_MS: '150' };
try {
  heading('toolsmith demo — the Bookshelf MCP server, driven by the MCP SDK client');
  note(`Bookshelf API emulator listening on ${emulator.url}`);
  note(`server: node ${nodeArgs.join(' ')}  (stdio)`);

  const stdio = await connectStdio({ command: process.execPath, args: nodeArgs, env });
  const client = stdio.client;
  const info = client.getServerVersion();
  request('initialize');
  response(`${info?.name} ${info?.version}`);

  request('tools/list');
  const { tools } = await client.listTools();
  response(
    tools
      .map((t) => {
        const description = t.description?.split('\n')[0] ?? '';
        const short = description.length > 72 ? `${description.slice(0, 71)}…` : description;
        return `${t.name.padEnd(26)} ${t.annotations?.readOnlyHint ? 'read ' : 'WRITE'}  ${short}`;
      })
      .join('\n'),
  );

  heading('Discovering tools, searching with `fields` and a cursor');
  await call(client, 'search_tools', { query: 'move a book to another shelf', limit: 3 });
  const page = await call(client, 'bookshelf_search_books', {
    author: 'Saramago',
    limit: 3,
    fields: ['id', 'title', 'shelf'],
  });
  const cursor = JSON.parse(resultText(page).split('\n\n')[0]!).nextCursor as string;
  await call(client, 'bookshelf_search_books', {
    author: 'Saramago',
    limit: 3,
    cursor,
    fields: ['id', 'title'],
  });

  heading('Bad input gets a recovery instruction, and the server keeps going');
  await call(client, 'bookshelf_update_book', { bookID: 'bk_004', shelf: 'done' });
  await call(client, 'bookshelf_get_book', { bookId: 'bk_404' });

  heading('A write, with optimistic concurrency');
  const book = await call(client, 'bookshelf_get_book', {
    bookId: 'bk_004',
    fields: ['title', 'shelf', 'version'],
  });
  const { version } = JSON.parse(resultText(book)) as { version: number };
  await call(client, 'bookshelf_update_book', { bookId: 'bk_004', shelf: 'reading', rating: 5, version });
  await call(client, 'bookshelf_update_book', { bookId: 'bk_004', shelf: 'read', version });

  heading('A long-running tool reports progress');
  await call(client, 'bookshelf_export_library', { format: 'json' }, true);
  await stdio.close();

  heading('Read-only mode hides and refuses write tools');
  const readOnly = await connectStdio({ command: process.execPath, args: [...nodeArgs, '--read-only'], env });
  request('tools/list');
  response((await readOnly.client.listTools()).tools.map((t) => t.name).join(', '));
  await call(readOnly.client, 'bookshelf_delete_book', { bookId: 'bk_001' });
  await readOnly.close();

  heading('The same server over Streamable HTTP');
  const http = spawn(process.execPath, [...nodeArgs, '--transport', 'http', '--port', '0'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    http.stderr.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /"url":"([^"]+)"/.exec(buffered);
      if (match) resolve(match[1]!);
    });
    http.once('exit', (code) => reject(new Error(`HTTP server exited with ${code}: ${buffered}`)));
  });
  note(`server: node ${nodeArgs.join(' ')} --transport http  →  ${url}`);
  const health = await fetch(new URL('/health', url));
  request('GET /health');
  response(await health.text());
  const remote = await connectHttp(url);
  await call(remote.client, 'bookshelf_ping', {});
  await remote.close();
  http.kill('SIGTERM');
  await new Promise((resolve) => http.once('exit', resolve));
  note(`HTTP server stopped on SIGTERM (exit code ${http.exitCode})`);

  heading('Done');
  note(`The emulator served ${emulator.requests.length} API requests. No account, no network.`);
} finally {
  await emulator.close();
}
