/**
 * A read-only escape hatch: one GET of an API path the server's dedicated tools do not cover, from
 * an allow-list of the API's read endpoints, answered with the API's JSON (cut to the output budget
 * like every result). The path is checked before anything is sent, so no call reaches another host
 * or another path than an allowed one: it must start with one `/`, hold only URL path characters (no
 * `\`, `?`, `#`, spaces or control characters), and no segment may be empty, `.` or `..`, written
 * plainly or percent-encoded, nor hide an encoded `/` or `\`. A path that is not allowed is refused
 * with the allowed patterns and, when one reads the same resource, the dedicated tool.
 *
 * A server's tool declares `static PARAMS = raw.params`, and its `execute` is
 * `raw.read(client, params, ctx.signal)`, with its own HTTP client (anything with `get(path, { query,
 * signal })`, the path relative to the API root).
 */
import { z } from 'zod';
import { ValidationError } from '../errors/validation-error.ts';
import type { Query, QueryScalar } from '../http/request-url.ts';
import { lazySchema } from './lazy-schema.ts';

/** One read endpoint: its path from the API root, `{name}` standing for one segment. */
export interface RawEndpoint {
  /** `/v2/issues/{id}/comments` */
  readonly path: string;
  /** The dedicated tool that reads it (suggested when a path of the same resource is refused). */
  readonly tool?: string;
}

/** What a raw read is given: an allowed path and its query. */
export interface RawGetInput {
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryScalar | readonly QueryScalar[]>> | undefined;
}

/** The client a raw read goes through: the server's own, its base URL the API root. */
export interface RawGetClient {
  get<T>(path: string, options: { query?: Query; signal?: AbortSignal | undefined }): Promise<T>;
}

export interface RawGetOptions {
  /** The read endpoints that may be called. */
  readonly endpoints: readonly RawEndpoint[];
  /** A path for the parameter's description: `/v2/issues/DEMO-1`. */
  readonly example: string;
}

/** A checked raw read: its parameters, its path check, and the read itself. */
export interface RawGet {
  readonly params: RawGetParams;
  /** The path as sent, or a ValidationError saying why not and what is allowed. */
  check(path: string): string;
  /** One GET of the checked path with its query; the API's answer. */
  read(client: RawGetClient, input: RawGetInput, signal?: AbortSignal): Promise<unknown>;
  /** Said when the answer is cut to the output budget. */
  readonly truncationHint: string;
}

const scalar = () => z.union([z.string(), z.number(), z.boolean()]);

/** The lazily built params of a raw read, its `path` described with `example`. */
export const rawGetParams = (example: string) =>
  lazySchema(() =>
    z.object({
      path: z.string().min(1).describe(`API path, e.g. ${example}`),
      query: z
        .record(z.string(), z.union([scalar(), z.array(scalar())]))
        .optional()
        .describe('Query parameters, e.g. {"page": 0}'),
    }),
  );

/** The parameters of a raw read: `path`, and `query` as an object. */
export type RawGetParams = ReturnType<typeof rawGetParams>;

/** Characters of a URL path (RFC 3986 pchar and `/`); `\`, `?`, `#`, spaces and controls are not. */
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]+$/;
const ESCAPE = /%(?![0-9A-Fa-f]{2})/;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNSAFE_DECODED = /[/\\?#\u0000-\u001f\u007f]/;

const segmentsOf = (path: string) => path.slice(1).split('/');
const isParameter = (segment: string) => /^\{[^{}]+\}$/.test(segment);

/** A raw read over `endpoints`; see the module comment. */
export function rawGet(options: RawGetOptions): RawGet {
  const endpoints = options.endpoints.map((endpoint) => ({
    ...endpoint,
    segments: segmentsOf(endpoint.path),
  }));
  const allowed = options.endpoints.map((endpoint) => endpoint.path).join(', ');

  const refuse = (message: string) => new ValidationError({ issues: [{ field: 'path', message }] });

  /** The dedicated tool of the endpoint that shares the longest leading run of literal segments. */
  const dedicated = (segments: readonly string[]) => {
    let best: { tool: string; path: string; shared: number } | undefined;
    for (const endpoint of endpoints) {
      if (endpoint.tool === undefined) continue;
      let shared = 0;
      while (
        shared < endpoint.segments.length &&
        shared < segments.length &&
        !isParameter(endpoint.segments[shared]!) &&
        endpoint.segments[shared] === segments[shared]
      )
        shared += 1;
      if (shared >= 2 && (best === undefined || shared > best.shared))
        best = { tool: endpoint.tool, path: endpoint.path, shared };
    }
    return best ? ` For this resource, ${best.tool} reads ${best.path} with checked parameters.` : '';
  };

  const check = (requested: string): string => {
    if (!requested.startsWith('/') || requested.startsWith('//')) {
      throw refuse(
        `must be a path from the API root starting with one "/", e.g. ${options.example}. Absolute URLs and other hosts are not allowed; query parameters go in \`query\`.`,
      );
    }
    if (!PATH_CHARACTERS.test(requested) || ESCAPE.test(requested)) {
      throw refuse(
        'holds characters a path may not: no "\\", "?", "#", spaces or control characters (query parameters go in `query`), and "%" only as an escape such as %20.',
      );
    }
    const path = requested.length > 1 ? requested.replace(/\/$/, '') : requested;
    const segments = segmentsOf(path);
    for (const segment of segments) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        decoded = '/';
      }
      if (segment === '' || decoded === '.' || decoded === '..' || UNSAFE_DECODED.test(decoded)) {
        throw refuse(
          `has a segment ${JSON.stringify(segment)} that is empty, "." or "..", or hides "/", "\\", "?" or "#". Give each id as it is, e.g. ${options.example}.`,
        );
      }
    }
    const matches = endpoints.some(
      (endpoint) =>
        endpoint.segments.length === segments.length &&
        endpoint.segments.every((part, index) => isParameter(part) || part === segments[index]),
    );
    if (!matches) {
      throw refuse(
        `${JSON.stringify(requested)} is not a read endpoint this tool may call (GET only). Allowed, from the API root, {…} one segment: ${allowed}.${dedicated(segments)}`,
      );
    }
    return path;
  };

  return {
    params: rawGetParams(options.example),
    check,
    read: (client, input, signal) =>
      client.get<unknown>(check(input.path), { ...(input.query ? { query: input.query } : {}), signal }),
    truncationHint:
      'The answer was cut to fit: ask for less with the endpoint’s own query parameters (a page size, a page, fields), or use the dedicated tool.',
  };
}
