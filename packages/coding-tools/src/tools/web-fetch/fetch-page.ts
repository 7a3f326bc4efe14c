/**
 * WebFetch's network half: one GET with manual redirects (at most {@link MAX_REDIRECTS}, every hop
 * re-checked against the private-address rule), one deadline for the whole exchange, a download
 * cap, content-type checks and charset decoding, then HTML conversion. Returns a {@link FetchedPage}
 * (what the session cache stores); errors are core's classes with the fix in the message.
 */
import {
  ApiError,
  CancelledError,
  NetworkError,
  NotFoundError,
  readCappedBody,
  TimeoutError,
  ToolsmithError,
  ValidationError,
} from '@toolsmith/core';
import type { CodingSession } from '../../session/coding-session.ts';
import { looksBinary } from '../shared/binary-file.ts';
import { Agent, fetch as undiciFetch } from 'undici';
import { assertPublicHost, guardedConnectLookup, PRIVATE_ADDRESS_CODE, refuse } from './host-guard.ts';
import { htmlTitle, htmlToMarkdown, htmlToText } from './html-convert.ts';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_DOWNLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

export type FetchFormat = 'markdown' | 'text' | 'html';

/** How the content splits into sections for a `prompt`: Markdown headings, blank lines, or not at all. */
export type Sectioning = 'markdown' | 'paragraphs' | 'none';

export interface FetchedPage {
  /** The URL asked for. */
  url: string;
  /** Where the content came from, after redirects. */
  finalUrl: string;
  /** The Content-Type header (or `unknown`). */
  contentType: string;
  /** What was done to the body, e.g. `converted to Markdown`. */
  conversion: string;
  sectioning: Sectioning;
  title?: string;
  content: string;
  /** Set when the body was longer than the download cap. */
  cut?: { readBytes: number; limitBytes: number };
}

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

const ACCEPT: Readonly<Record<FetchFormat, string>> = {
  markdown: 'text/markdown;q=1.0, text/x-markdown;q=0.9, text/plain;q=0.8, text/html;q=0.7, */*;q=0.1',
  text: 'text/plain;q=1.0, text/markdown;q=0.9, text/html;q=0.8, */*;q=0.1',
  html: 'text/html;q=1.0, application/xhtml+xml;q=0.9, text/plain;q=0.8, text/markdown;q=0.7, */*;q=0.1',
};

const USER_AGENT = 'Mozilla/5.0 (compatible; toolsmith-coding-tools WebFetch)';

type BodyKind = 'html' | 'markdown' | 'text' | 'binary' | 'unknown';

/** Text-like `application/*` types returned as they are. */
const TEXT_APPLICATION_TYPES: ReadonlySet<string> = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/x-sh',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/x-toml',
  'application/sql',
  'application/graphql',
  'application/x-ndjson',
  'application/jsonl',
  'application/x-httpd-php',
]);

export function bodyKind(mime: string): BodyKind {
  if (mime === '') return 'unknown';
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'html';
  if (mime === 'text/markdown' || mime === 'text/x-markdown') return 'markdown';
  if (mime.startsWith('text/') || TEXT_APPLICATION_TYPES.has(mime)) return 'text';
  if (/^[\w.-]+\/[\w.-]+\+(json|xml)$/.test(mime)) return 'text';
  return 'binary';
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

function decode(bytes: Uint8Array, charset: string | undefined, cut: boolean): string {
  const decoder = (() => {
    try {
      return new TextDecoder(charset ?? 'utf-8');
    } catch {
      return new TextDecoder('utf-8');
    }
  })();
  // `stream: true` leaves out a multi-byte character split by the download cap.
  return decoder.decode(bytes, { stream: cut });
}

/** `<meta charset>` / `http-equiv` charset in the first 2 KB of an HTML page. */
function metaCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
}

function networkDetail(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset by the server',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'DNS lookup failed',
    ETIMEDOUT: 'connection timed out',
    EHOSTUNREACH: 'host unreachable',
    UND_ERR_SOCKET: 'connection closed by the server',
  };
  if (code && known[code]) return `${known[code]} (${code})`;
  if (code && /CERT|SSL|TLS/i.test(code)) return `TLS certificate problem (${code})`;
  const message = typeof cause?.message === 'string' ? cause.message : (error as Error).message;
  return code ? `${message} (${code})` : message;
}

function statusError(status: number, statusText: string, url: string): ApiError {
  const head = `GET ${url} answered HTTP ${status}${statusText ? ` ${statusText}` : ''}.`;
  if (status === 404 || status === 410) {
    return new NotFoundError({
      status,
      url,
      message: `${head} The page does not exist (any more). Check the URL, or search for the page to find its current address.`,
    });
  }
  let hint: string;
  if (status === 401 || status === 403) {
    hint =
      'The page needs a login or refuses automated clients; WebFetch cannot sign in. Look for the content elsewhere (a public mirror, the raw file, a search result).';
  } else if (status === 429) {
    hint = 'The site is rate limiting; wait before fetching it again, or use another source.';
  } else if (status >= 500) {
    hint = 'The server failed; try again later.';
  } else {
    hint = 'Check the URL and try again.';
  }
  return new ApiError({ status, method: 'GET', url, message: `${head} ${hint}`, code: 'http_status' });
}

export interface FetchPageOptions {
  session: CodingSession;
  url: URL;
  format: FetchFormat;
  signal: AbortSignal;
  toolName: string;
}

export async function fetchPage({
  session,
  url,
  format,
  signal,
  toolName,
}: FetchPageOptions): Promise<FetchedPage> {
  const settings = session.options.webFetch ?? {};
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = settings.maxDownloadBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES;
  const deadline = AbortSignal.timeout(timeoutMs);
  const combined = AbortSignal.any([signal, deadline]);
  const doFetch = session.options.fetch ?? pinnedFetch(session);
  const redirects: string[] = [];
  let current = url;

  try {
    for (;;) {
      // The DNS lookup cannot be aborted: stop waiting for it when the deadline passes.
      await untilAborted(assertPublicHost(session, current, toolName), combined);
      const response = await doFetch(current.href, {
        redirect: 'manual',
        signal: combined,
        headers: { accept: ACCEPT[format], 'user-agent': USER_AGENT },
      });

      if (REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        current = nextHop(response, current, url, redirects);
        continue;
      }
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => undefined);
        throw statusError(response.status, response.statusText, current.href);
      }

      const contentType = response.headers.get('content-type') ?? '';
      const mime = contentType.split(';')[0]!.trim().toLowerCase();
      let kind = bodyKind(mime);
      if (kind === 'binary') {
        await response.body?.cancel().catch(() => undefined);
        throw binaryRefusal(toolName, current.href, mime);
      }
      const { bytes, cut } = await readCappedBody(response.body, maxBytes);
      if (kind === 'unknown') {
        if (looksBinary(bytes.subarray(0, 4096))) {
          throw binaryRefusal(toolName, current.href, 'no Content-Type, and the body looks binary');
        }
        const start = Buffer.from(bytes.subarray(0, 512)).toString('latin1');
        kind = /^\s*(<!doctype html|<html)/i.test(start) ? 'html' : 'text';
      }
      const declared = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1];
      const text = decode(bytes, declared ?? (kind === 'html' ? metaCharset(bytes) : undefined), cut);
      const finalUrl = current.href;
      const page: FetchedPage = {
        url: url.href,
        finalUrl,
        contentType: contentType || 'unknown',
        ...convert(text, kind, mime, format, finalUrl),
        ...(cut ? { cut: { readBytes: bytes.byteLength, limitBytes: maxBytes } } : {}),
      };
      return page;
    }
  } catch (error) {
    if (signal.aborted)
      throw new CancelledError({ operation: `Fetching ${url.href}`, reason: signal.reason });
    if (deadline.aborted) {
      throw new TimeoutError({
        timeoutMs,
        operation: `Fetching ${url.href}`,
        message: `Fetching ${url.href} timed out after ${timeoutMs} ms: the server did not send the page in time. Try again later, or fetch another URL.`,
      });
    }
    if (ToolsmithError.isInstance(error)) throw error;
    const cause = (error as { cause?: { code?: unknown; message?: string } }).cause;
    if (cause?.code === PRIVATE_ADDRESS_CODE) {
      throw refuse(toolName, current, cause.message ?? 'it resolved to a private address');
    }
    if (isFetchFailure(error)) {
      throw new NetworkError({
        method: 'GET',
        url: current.href,
        mayHaveSucceeded: false,
        detail: networkDetail(error),
        cause: error,
      });
    }
    throw error;
  }
}

const agents = new WeakMap<CodingSession, Agent>();

/**
 * The default fetch: undici's, through one Agent per session whose connections resolve names with
 * {@link guardedConnectLookup} — the private-address rule holds for the address actually connected
 * to, so a DNS answer that changes after the pre-check (rebinding) cannot reach a private host.
 */
function pinnedFetch(session: CodingSession): typeof fetch {
  let agent = agents.get(session);
  if (!agent) {
    agent = new Agent({ connect: { lookup: guardedConnectLookup(session) } });
    agents.set(session, agent);
  }
  const dispatcher = agent;
  return ((input: string, init?: RequestInit) =>
    undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** undici's network failures: `fetch failed` (no response) and `terminated` (body cut off). */
function isFetchFailure(error: unknown): boolean {
  // Compared by name, not instanceof: the error may come from another realm (a test VM, say).
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return name === 'TypeError' && (message === 'fetch failed' || message === 'terminated');
}

function nextHop(response: Response, current: URL, start: URL, redirects: string[]): URL {
  const location = response.headers.get('location');
  if (!location) {
    throw new ApiError({
      status: response.status,
      method: 'GET',
      url: current.href,
      code: 'bad_redirect',
      message: `GET ${current.href} answered HTTP ${response.status} (a redirect) without a Location header. The site is misconfigured; try another URL.`,
    });
  }
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    throw new ApiError({
      status: response.status,
      method: 'GET',
      url: current.href,
      code: 'bad_redirect',
      message: `GET ${current.href} redirected to an invalid URL (${JSON.stringify(location)}). Try another URL.`,
    });
  }
  redirects.push(current.href);
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new ApiError({
      status: response.status,
      method: 'GET',
      url: current.href,
      code: 'bad_redirect',
      message: `GET ${current.href} redirected to ${next.href}; WebFetch only follows http:// and https:// redirects. Fetch an http(s) URL instead.`,
    });
  }
  if (redirects.length > MAX_REDIRECTS) {
    throw new ApiError({
      status: response.status,
      method: 'GET',
      url: start.href,
      code: 'too_many_redirects',
      message: `${start.href} redirected more than ${MAX_REDIRECTS} times (${[...redirects, next.href].join(' → ')}). Stopped following. If the last address is the page you want, fetch it directly.`,
    });
  }
  return next;
}

function binaryRefusal(toolName: string, url: string, what: string): ValidationError {
  return new ValidationError({
    toolName,
    issues: [
      {
        field: 'url',
        message: `${url} serves binary content (${what}); WebFetch returns text only (HTML, Markdown, plain text, JSON, XML…). Fetch an HTML or text version of this content instead.`,
      },
    ],
  });
}

function convert(
  text: string,
  kind: Exclude<BodyKind, 'binary' | 'unknown'>,
  mime: string,
  format: FetchFormat,
  baseUrl: string,
): Pick<FetchedPage, 'content' | 'conversion' | 'sectioning' | 'title'> {
  if (kind === 'html') {
    const title = htmlTitle(text);
    const withTitle = title ? { title } : {};
    if (format === 'html') return { content: text, conversion: 'raw HTML', sectioning: 'none', ...withTitle };
    if (format === 'text') {
      return {
        content: htmlToText(text),
        conversion: 'converted to plain text',
        sectioning: 'paragraphs',
        ...withTitle,
      };
    }
    return {
      content: htmlToMarkdown(text, { baseUrl }),
      conversion: 'converted to Markdown',
      sectioning: 'markdown',
      ...withTitle,
    };
  }
  if (kind === 'markdown') return { content: text, conversion: 'as served', sectioning: 'markdown' };
  return {
    content: text,
    conversion: 'as served',
    sectioning: mime === 'text/plain' || mime === '' ? 'paragraphs' : 'none',
  };
}
