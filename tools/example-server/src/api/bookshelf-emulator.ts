/**
 * An HTTP emulator of the Bookshelf API on the fake-API base of @toolsmith/testing: in-memory
 * state, seed data, bearer-token auth, cursor pagination, JSON error bodies, an asynchronous export
 * job — and every fault the base can inject (429, 5xx, latency, malformed bodies, resets).
 */
import { createFakeApi, type FakeApi, type FakeRequest, type FakeResponse } from '@toolsmith/testing';
import { SHELVES, type ApiBook, type ApiExport, type Shelf } from './bookshelf-types.ts';

const AUTHORS = [
  'Clarice Lispector',
  'Mikhail Bulgakov',
  'Ursula K. Le Guin',
  'José Saramago',
  'Anna Akhmatova',
  'Italo Calvino',
];
const GENRES = ['fiction', 'poetry', 'sci-fi', 'essay', 'history'];

function seedBooks(count: number): ApiBook[] {
  const at = '2026-01-01T00:00:00.000Z';
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const author = AUTHORS[index % AUTHORS.length]!;
    return {
      id: `bk_${String(n).padStart(3, '0')}`,
      isbn: `978-0-00-${String(100000 + n)}-0`,
      title: `${['The', 'A', 'Another'][n % 3]} ${['Hour', 'Master', 'Dispossessed', 'Blindness', 'Requiem', 'Castle'][index % 6]} ${n}`,
      authors: [{ id: `au_${(index % AUTHORS.length) + 1}`, name: author }],
      year: 1920 + ((n * 7) % 100),
      genres: [GENRES[index % GENRES.length]!],
      shelf: SHELVES[index % SHELVES.length]!,
      rating: n % 4 === 0 ? null : (n % 5) + 1,
      summary: `A book by ${author}. `.repeat(6).trim(),
      created_at: at,
      updated_at: at,
      version: 1,
    };
  });
}

const error = (
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): FakeResponse => ({
  status,
  json: { error: { code, message, ...extra } },
});

export interface BookshelfEmulatorOptions {
  /** The bearer token the emulator accepts. */
  token: string;
  /** Number of seed books. @default 40 */
  books?: number;
  /** Polls an export takes to finish. @default 4 */
  exportPolls?: number;
}

export interface BookshelfEmulator extends FakeApi {
  /** Current state, for assertions. */
  readonly books: Map<string, ApiBook>;
}

export async function createBookshelfEmulator(options: BookshelfEmulatorOptions): Promise<BookshelfEmulator> {
  const books = new Map(seedBooks(options.books ?? 40).map((b) => [b.id, b]));
  const exports = new Map<string, ApiExport & { polls: number }>();
  let nextId = books.size + 1;
  const exportPolls = options.exportPolls ?? 4;

  const authorised = (request: FakeRequest) => request.headers.authorization === `Bearer ${options.token}`;
  const guard =
    (handler: (request: FakeRequest) => FakeResponse | undefined) =>
    (request: FakeRequest): FakeResponse | undefined =>
      authorised(request) ? handler(request) : error(401, 'unauthorized', 'Missing or invalid bearer token.');

  const validateShelf = (shelf: unknown): FakeResponse | undefined =>
    shelf !== undefined && !SHELVES.includes(shelf as Shelf)
      ? error(422, 'invalid_value', `Unknown shelf "${String(shelf)}".`, { field: 'shelf', allowed: SHELVES })
      : undefined;

  const api = await createFakeApi({
    routes: {
      'GET /v1/me': guard(() => ({ json: { user: 'reader', library: 'Home library', books: books.size } })),

      'GET /v1/books': guard((request) => {
        const q = typeof request.query.q === 'string' ? request.query.q.toLowerCase() : undefined;
        const author =
          typeof request.query.author === 'string' ? request.query.author.toLowerCase() : undefined;
        const shelf = request.query.shelf;
        const invalid = validateShelf(shelf);
        if (invalid) return invalid;
        const limit = Math.min(Number(request.query.limit ?? 20) || 20, 100);
        const start = request.query.cursor
          ? Number(Buffer.from(String(request.query.cursor), 'base64url').toString())
          : 0;
        const matching = [...books.values()].filter(
          (b) =>
            (!q || b.title.toLowerCase().includes(q) || b.summary.toLowerCase().includes(q)) &&
            (!author || b.authors.some((a) => a.name.toLowerCase().includes(author))) &&
            (!shelf || b.shelf === shelf),
        );
        const page = matching.slice(start, start + limit);
        const next =
          start + limit < matching.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
        return { json: { books: page, next_cursor: next } };
      }),

      'GET /v1/books/:id': guard((request) => {
        const book = books.get(request.params.id!);
        return book ? { json: book } : error(404, 'not_found', `No book with id "${request.params.id}".`);
      }),

      'POST /v1/books': guard((request) => {
        const body = (request.body ?? {}) as Partial<Omit<ApiBook, 'authors'>> & { authors?: string[] };
        const invalid = validateShelf(body.shelf);
        if (invalid) return invalid;
        if (body.isbn && [...books.values()].some((b) => b.isbn === body.isbn)) {
          return error(409, 'conflict', `A book with ISBN ${body.isbn} already exists.`);
        }
        const now = new Date().toISOString();
        const book: ApiBook = {
          id: `bk_${String(nextId++).padStart(3, '0')}`,
          isbn: body.isbn ?? null,
          title: String(body.title),
          authors: (body.authors ?? []).map((name, i) => ({ id: `au_new_${i}`, name })),
          year: Number(body.year),
          genres: body.genres ?? [],
          shelf: (body.shelf as Shelf) ?? 'to-read',
          rating: null,
          summary: '',
          created_at: now,
          updated_at: now,
          version: 1,
        };
        books.set(book.id, book);
        return { status: 201, json: book };
      }),

      'PATCH /v1/books/:id': guard((request) => {
        const book = books.get(request.params.id!);
        if (!book) return error(404, 'not_found', `No book with id "${request.params.id}".`);
        const body = (request.body ?? {}) as Partial<ApiBook>;
        const invalid = validateShelf(body.shelf);
        if (invalid) return invalid;
        const ifMatch = request.headers['if-match'];
        if (ifMatch !== undefined && Number(ifMatch) !== book.version) {
          return error(
            409,
            'version_conflict',
            `The book changed since version ${ifMatch}; it is now at version ${book.version}.`,
          );
        }
        const updated: ApiBook = {
          ...book,
          ...Object.fromEntries(
            Object.entries(body).filter(([k]) =>
              ['title', 'shelf', 'rating', 'genres', 'summary'].includes(k),
            ),
          ),
          updated_at: new Date().toISOString(),
          version: book.version + 1,
        };
        books.set(book.id, updated);
        return { json: updated };
      }),

      'DELETE /v1/books/:id': guard((request) =>
        books.delete(request.params.id!)
          ? undefined
          : error(404, 'not_found', `No book with id "${request.params.id}".`),
      ),

      'POST /v1/exports': guard((request) => {
        const format = (request.body as { format?: string } | undefined)?.format;
        if (format !== 'csv' && format !== 'json') {
          return error(422, 'invalid_value', `Unknown format "${String(format)}".`, {
            field: 'format',
            allowed: ['csv', 'json'],
          });
        }
        const id = `ex_${exports.size + 1}`;
        const job = { id, status: 'running' as const, processed: 0, total: books.size, url: null, polls: 0 };
        exports.set(id, job);
        return { status: 202, json: publicExport(job) };
      }),

      'GET /v1/exports/:id': guard((request) => {
        const job = exports.get(request.params.id!);
        if (!job) return error(404, 'not_found', `No export with id "${request.params.id}".`);
        if (job.status === 'running') {
          job.polls += 1;
          job.processed = Math.min(job.total, Math.round((job.total * job.polls) / exportPolls));
          if (job.polls >= exportPolls)
            Object.assign(job, { status: 'done', url: `https://files.bookshelf.test/${job.id}` });
        }
        return { json: publicExport(job) };
      }),
    },
  });
  return Object.assign(api, { books });
}

function publicExport({ polls: _polls, ...job }: ApiExport & { polls: number }): ApiExport {
  return job;
}
