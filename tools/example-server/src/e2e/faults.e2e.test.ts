/**
 * Faults of the Bookshelf API (injected by the emulator) through the whole stack: SDK client →
 * MCP server → tool → API facade → core HTTP kit → socket. Safe requests are retried; a POST is
 * never re-sent when it may have been applied, and the tool error says to check first.
 */
import { describe, expect, it } from '@jest/globals';
import { createStreamLogger, REDACTED, type Logger } from '@toolsmith/core';
import { resultText } from '@toolsmith/testing';
import {
  connectInProcess,
  requestsTo,
  startEmulator,
  TOKEN,
  trackResources,
} from './__fixtures__/bookshelf-fixture.ts';

const resources = trackResources();

async function setUp(env: Record<string, string> = {}, logger?: Logger) {
  const emulator = await startEmulator(resources);
  const { client } = await connectInProcess(resources, emulator, { env, ...(logger ? { logger } : {}) });
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    return { isError: result.isError === true, text: resultText(result) };
  };
  return { emulator, call };
}

const NEW_BOOK = {
  title: 'Invisible Cities',
  authors: ['Italo Calvino'],
  year: 1972,
  isbn: '978-0-15-645380-6',
};
/** The wording differs per failure (status, reset, timeout); the instruction does not. */
const MAY_HAVE_BEEN_APPLIED =
  /(may have reached the server.*not re-sent|not retried because it may already have been applied).*[Cc]heck whether it took effect before calling again\./s;

describe('faults: safe requests are retried', () => {
  it('429 with Retry-After on a search: waits, retries, and the call succeeds', async () => {
    const { emulator, call } = await setUp();
    emulator.faults.add({ kind: 'rateLimit', retryAfterSeconds: 1, method: 'GET', path: '/v1/books' });
    const started = performance.now();
    const result = await call('bookshelf_search_books', { author: 'Lispector', limit: 1, fields: ['id'] });
    expect(result).toEqual({ isError: false, text: '{"books":[{"id":"bk_001"}],"nextCursor":"MQ"}' });
    expect(requestsTo(emulator, 'GET', '/v1/books').map((r) => r.fault)).toEqual(['rateLimit', undefined]);
    // The server asked for 1 s: the retry honoured it.
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('503 on a GET: retried with backoff, and the call succeeds', async () => {
    const { emulator, call } = await setUp();
    emulator.faults.add({ kind: 'status', status: 503, method: 'GET', path: '/v1/books/:id', times: 2 });
    const result = await call('bookshelf_get_book', { bookId: 'bk_003', fields: ['id', 'shelf'] });
    expect(result).toEqual({ isError: false, text: '{"id":"bk_003","shelf":"read"}' });
    expect(requestsTo(emulator, 'GET', '/v1/books/bk_003').map((r) => r.fault)).toEqual([
      'status',
      'status',
      undefined,
    ]);
  });

  it('a GET that keeps answering 502 ends in a tool error that says to try later, after the retry limit', async () => {
    const { emulator, call } = await setUp();
    emulator.faults.add({ kind: 'status', status: 502, method: 'GET', path: '/v1/me', times: Infinity });
    const result = await call('bookshelf_ping', {});
    expect(result.isError).toBe(true);
    expect(result.text).toContain('failed with HTTP 502');
    expect(result.text).toContain('try again later');
    expect(result.text).not.toMatch(MAY_HAVE_BEEN_APPLIED);
    expect(requestsTo(emulator, 'GET', '/v1/me')).toHaveLength(4);
  });

  it('a 500 is not retried (it is not a transient status)', async () => {
    const { emulator, call } = await setUp();
    emulator.faults.add({ kind: 'status', status: 500, method: 'GET', path: '/v1/me' });
    const result = await call('bookshelf_ping', {});
    expect(result.isError).toBe(true);
    expect(result.text).toContain('failed with HTTP 500');
    expect(requestsTo(emulator, 'GET', '/v1/me')).toHaveLength(1);
  });

  it('a connection reset on a GET is retried', async () => {
    const { emulator, call } = await setUp();
    emulator.faults.add({ kind: 'reset', method: 'GET', path: '/v1/books/:id' });
    const result = await call('bookshelf_get_book', { bookId: 'bk_002', fields: ['id'] });
    expect(result).toEqual({ isError: false, text: '{"id":"bk_002"}' });
    expect(requestsTo(emulator, 'GET', '/v1/books/bk_002')).toHaveLength(2);
  });
});

describe('faults: a POST that may have been applied is not re-sent', () => {
  it('502 on bookshelf_add_book: one POST, and the error says to check before retrying', async () => {
    const { emulator, call } = await setUp();
    emulator.faults.add({ kind: 'status', status: 502, method: 'POST', path: '/v1/books' });
    const result = await call('bookshelf_add_book', NEW_BOOK);
    expect(result.isError).toBe(true);
    expect(result.text).toContain('POST');
    expect(result.text).toContain('HTTP 502');
    expect(result.text).toMatch(MAY_HAVE_BEEN_APPLIED);
    expect(requestsTo(emulator, 'POST', '/v1/books')).toHaveLength(1);
    expect(requestsTo(emulator, 'POST', '/v1/books')[0]!.body).toEqual({
      ...NEW_BOOK,
      shelf: 'to-read',
      genres: [],
    });
  });

  it('connection reset after the body was read: one POST, and the error says to check before retrying', async () => {
    const { emulator, call } = await setUp();
    emulator.faults.add({ kind: 'reset', when: 'after-body', method: 'POST', path: '/v1/books' });
    const result = await call('bookshelf_add_book', NEW_BOOK);
    expect(result.isError).toBe(true);
    expect(result.text).toContain('connection closed by the server');
    expect(result.text).toMatch(MAY_HAVE_BEEN_APPLIED);
    expect(requestsTo(emulator, 'POST', '/v1/books')).toHaveLength(1);
    expect(result.text).not.toContain(TOKEN);
  });

  it('a POST that times out: one POST, and the error says to check before retrying', async () => {
    const { emulator, call } = await setUp({ BOOKSHELF_TIMEOUT_MS: '300' });
    emulator.faults.add({ kind: 'hang', method: 'POST', path: '/v1/books' });
    const result = await call('bookshelf_add_book', NEW_BOOK);
    expect(result.isError).toBe(true);
    expect(result.text).toContain('timed out after 300 ms');
    expect(result.text).toMatch(MAY_HAVE_BEEN_APPLIED);
    expect(requestsTo(emulator, 'POST', '/v1/books')).toHaveLength(1);
  });

  it('503 without Retry-After on a POST: not retried, and nothing says it was refused, so "check first"', async () => {
    const { emulator, call } = await setUp();
    emulator.faults.add({ kind: 'status', status: 503, method: 'POST', path: '/v1/books' });
    const result = await call('bookshelf_add_book', NEW_BOOK);
    expect(result.isError).toBe(true);
    expect(result.text).toContain('HTTP 503');
    expect(result.text).not.toContain('try again later');
    expect(result.text).toMatch(MAY_HAVE_BEEN_APPLIED);
    expect(requestsTo(emulator, 'POST', '/v1/books')).toHaveLength(1);
  });

  it('503 with Retry-After on a POST: refused by the server, so retried once it allows', async () => {
    const { emulator, call } = await setUp();
    emulator.faults.add({
      kind: 'status',
      status: 503,
      method: 'POST',
      path: '/v1/books',
      headers: { 'Retry-After': '0' },
    });
    const result = await call('bookshelf_add_book', NEW_BOOK);
    expect(result.isError).toBe(false);
    expect(requestsTo(emulator, 'POST', '/v1/books')).toHaveLength(2);
  });

  it('a connection reset on arrival of a POST: not re-sent either (the client cannot know the body went unread)', async () => {
    const { emulator, call } = await setUp();
    emulator.faults.add({ kind: 'reset', when: 'before-body', method: 'POST', path: '/v1/books' });
    const result = await call('bookshelf_add_book', NEW_BOOK);
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(MAY_HAVE_BEEN_APPLIED);
    expect(requestsTo(emulator, 'POST', '/v1/books')).toHaveLength(1);
  });

  it('with no fault, the same POST adds the book once', async () => {
    const { emulator, call } = await setUp();
    const result = await call('bookshelf_add_book', NEW_BOOK);
    expect(result.isError).toBe(false);
    expect(JSON.parse(result.text)).toMatchObject({
      id: 'bk_041',
      title: 'Invisible Cities',
      authors: ['Italo Calvino'],
      shelf: 'to-read',
    });
    expect(requestsTo(emulator, 'POST', '/v1/books')).toHaveLength(1);
    expect(emulator.books.get('bk_041')?.isbn).toBe(NEW_BOOK.isbn);
  });
});

describe('faults: malformed bodies', () => {
  it('a 200 with malformed JSON on a search: a clear tool error, not a crash', async () => {
    const { emulator, call } = await setUp();
    emulator.faults.add({ kind: 'malformedBody', method: 'GET', path: '/v1/books' });
    const result = await call('bookshelf_search_books', { query: 'Hour' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('answered 200 with a body that is not valid JSON');
    expect(result.text).toContain('content-type: application/json');
    expect(result.text).toContain('starting: "{\\"items\\": [{\\"id\\": 1');
    expect(requestsTo(emulator, 'GET', '/v1/books')).toHaveLength(1);
  });

  it('a 201 with malformed JSON on add_book: the error says the POST was accepted, check before retrying', async () => {
    const { emulator, call } = await setUp();
    emulator.faults.add({ kind: 'malformedBody', status: 201, method: 'POST', path: '/v1/books' });
    const result = await call('bookshelf_add_book', NEW_BOOK);
    expect(result.isError).toBe(true);
    expect(result.text).toContain('answered 201 with a body that is not valid JSON');
    expect(result.text).toContain(
      'The POST itself was accepted (HTTP 201): check its effect before calling again.',
    );
    expect(requestsTo(emulator, 'POST', '/v1/books')).toHaveLength(1);
  });
});

describe('faults: the token stays secret', () => {
  it('appears in no debug log line and no tool error, even when the API echoes it back', async () => {
    const lines: string[] = [];
    const logger = createStreamLogger({ level: 'debug', write: (line) => void lines.push(line) });
    const { emulator, call } = await setUp({}, logger);
    const echo = `Token Bearer ${TOKEN} is not allowed here`;
    emulator.faults.add(
      { kind: 'rateLimit', retryAfterSeconds: 0, method: 'GET', path: '/v1/books' },
      {
        kind: 'status',
        status: 400,
        json: { error: { code: 'bad_request', message: echo } },
        method: 'GET',
        path: '/v1/books/:id',
      },
      { kind: 'status', status: 502, text: echo, method: 'POST', path: '/v1/books' },
      { kind: 'malformedBody', body: `{"echo": "${echo}`, method: 'GET', path: '/v1/me' },
      { kind: 'reset', method: 'DELETE', path: '/v1/books/:id' },
    );
    const results = [
      await call('bookshelf_search_books', { limit: 1 }),
      await call('bookshelf_get_book', { bookId: 'bk_001' }),
      await call('bookshelf_add_book', NEW_BOOK),
      await call('bookshelf_ping', {}),
      await call('bookshelf_delete_book', { bookId: 'bk_001' }),
    ];
    expect(results.map((r) => r.isError)).toEqual([false, true, true, true, false]);
    // The API's message is kept, the token in it is not.
    expect(results[1]!.text).toContain(`Token Bearer ${REDACTED} is not allowed here`);
    expect(results[3]!.text).toContain(`Token Bearer ${REDACTED} is not allowed here`);
    for (const result of results) expect(result.text).not.toContain(TOKEN);
    // One debug line per HTTP attempt (the 429 and the reset were retried), each without the token.
    expect(lines.filter((line) => line.includes('(attempt ')).length).toBeGreaterThanOrEqual(7);
    expect(lines.join('')).toContain('"status":429');
    for (const line of lines) expect(line).not.toContain(TOKEN);
    // The requests did carry it.
    expect(emulator.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });
});
