/**
 * The bytes of a file upload_attachment takes from a URL, under the operator's rules:
 * - only hosts on YANDEX_TRACKER_UPLOAD_URL_HOSTS (exact names, or `*.example.com` for its
 *   subdomains); an empty list turns URL uploads off, and the refusal says so;
 * - a host that is, or resolves to, a loopback, private, link-local or otherwise non-public
 *   address is refused unless it is listed exactly (not by a wildcard). The check runs on the
 *   addresses the connection is made to (the socket's own lookup), so a name that resolves to a
 *   public address for a check and a private one for the connection (DNS rebinding) gains nothing;
 * - every redirect (at most {@link MAX_REDIRECTS}) is checked again, as a new URL;
 * - at most YANDEX_TRACKER_UPLOAD_URL_MAX_BYTES, enforced while reading: a Content-Length above it
 *   is refused before the body is read, a body that grows past it is cut off there, and a body that
 *   ends before its Content-Length is refused rather than attached truncated;
 * - the whole download, redirects included, within YANDEX_TRACKER_TIMEOUT_MS.
 * Every failure here happens before anything is sent to Tracker, and says so.
 */
import { isNonPublicAddress, normalizeHost, ToolsmithError, ValidationError } from '@toolsmith/core';
import { formatFileSize } from '@toolsmith/core/files';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { LookupAddress } from 'node:dns';

/** Redirects followed before the URL is given up on. */
export const MAX_REDIRECTS = 5;

export interface UrlUploadRules {
  /** Host patterns (YANDEX_TRACKER_UPLOAD_URL_HOSTS): exact names or `*.example.com`. Empty: off. */
  readonly hosts: readonly string[];
  /** Largest body read (YANDEX_TRACKER_UPLOAD_URL_MAX_BYTES). */
  readonly maxBytes: number;
  /** The whole download, redirects included (YANDEX_TRACKER_TIMEOUT_MS). */
  readonly timeoutMs: number;
}

export interface UrlFile {
  readonly bytes: Uint8Array<ArrayBuffer>;
  /** The answer's media type, without parameters, when it sent one. */
  readonly contentType: string | undefined;
  /** Where the bytes came from (after redirects). */
  readonly url: string;
}

const nodeDns = () => process.getBuiltinModule('node:dns');

/** How the allow-list treats a host: not on it, on it by a wildcard, or named exactly. */
export function hostListing(hosts: readonly string[], hostname: string): 'no' | 'wildcard' | 'exact' {
  const host = normalizeHost(hostname);
  let listing: 'no' | 'wildcard' | 'exact' = 'no';
  for (const raw of hosts) {
    const pattern = normalizeHost(raw.trim());
    if (pattern === host) return 'exact';
    if (pattern.startsWith('*.') && host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1)
      listing = 'wildcard';
  }
  return listing;
}

/** "1000 bytes", "52428800 bytes (50 MiB)". */
const bytesText = (n: number) => (n < 1024 ? `${n} bytes` : `${n} bytes (${formatFileSize(n)})`);

function refuseUrl(message: string): ValidationError {
  return new ValidationError({ issues: [{ field: 'url', message }] });
}

function failed(message: string, cause?: unknown): ToolsmithError {
  return new ToolsmithError({
    code: 'url_download_failed',
    userFacing: true,
    message: `${message} Nothing was attached.`,
    ...(cause === undefined ? {} : { cause }),
  });
}

/** The URL as a URL the rules let through (protocol, credentials, host), or a refusal. */
function checkedUrl(raw: string, rules: UrlUploadRules, redirectedFrom?: string): URL {
  const where = redirectedFrom ? `${redirectedFrom} redirected to ${raw}, which` : `${raw}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuseUrl(
      `${where} is not a URL. Give an absolute http(s) URL, e.g. https://files.example.com/report.pdf.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuseUrl(
      `${where} is not http(s) (${url.protocol}). Give an http(s) URL, or the file as contentBase64.`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw refuseUrl(`${where} carries a user name or password. Give a URL without credentials.`);
  }
  const host = normalizeHost(url.hostname);
  const listing = hostListing(rules.hosts, host);
  if (listing === 'no') {
    throw refuseUrl(
      `${redirectedFrom ? where : `the host ${host}`} is not on this server's list of hosts uploads may come from (YANDEX_TRACKER_UPLOAD_URL_HOSTS: ${rules.hosts.join(', ')}). Use a URL on one of those hosts, give the file as contentBase64, or ask the operator to add ${host}. Nothing was downloaded or attached.`,
    );
  }
  // An IP address can only be listed exactly (a wildcard matches names), which is the operator's
  // explicit leave; a name is checked on what it resolves to, in the socket's lookup below.
  return url;
}

const privateRefusal = (host: string, address: string) =>
  `${host} resolves to ${address}, which is a loopback, private or otherwise non-public address, and uploads fetch such hosts only when YANDEX_TRACKER_UPLOAD_URL_HOSTS names the host exactly (not by a wildcard). Use a public URL, or ask the operator to list ${host}. Nothing was downloaded or attached.`;

/** Marks the socket lookup's refusal, to tell it from a DNS failure. */
const NON_PUBLIC = 'ETRACKER_NON_PUBLIC_ADDRESS';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The socket's lookup: resolves, and refuses a non-public answer for a host not listed exactly. */
export function guardedLookup(rules: UrlUploadRules) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    const host = normalizeHost(hostname);
    nodeDns().lookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const blocked =
        hostListing(rules.hosts, host) === 'exact'
          ? undefined
          : addresses.find((a) => isNonPublicAddress(a.address));
      if (blocked || addresses.length === 0) {
        const refusal: NodeJS.ErrnoException = new Error(
          blocked ? privateRefusal(host, blocked.address) : `${host} resolved to no address.`,
        );
        refusal.code = blocked ? NON_PUBLIC : 'ENOTFOUND';
        return callback(refusal, '');
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** One GET: the answer's head, and its body read up to the limit. */
async function get(
  url: URL,
  rules: UrlUploadRules,
  signal: AbortSignal,
): Promise<{ response: IncomingMessage; request: ClientRequest }> {
  const module = process.getBuiltinModule(url.protocol === 'https:' ? 'node:https' : 'node:http');
  return new Promise((resolve, reject) => {
    const request = module.get(url, {
      lookup: guardedLookup(rules) as never,
      // A connection of its own: never a pooled socket another call's rules let through.
      agent: false,
      signal,
      headers: { accept: '*/*', 'user-agent': 'yandex-tracker-mcp (attachment upload)' },
    });
    request.once('response', (response) => resolve({ response, request }));
    request.once('error', reject);
  });
}

/** Reads the body, refusing it as soon as it passes `maxBytes` or ends before its Content-Length. */
function readBody(
  response: IncomingMessage,
  request: ClientRequest,
  url: string,
  rules: UrlUploadRules,
  declared: number | undefined,
): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > rules.maxBytes) {
        request.destroy();
        reject(
          failed(
            `${url} sent more than ${bytesText(rules.maxBytes)}, the limit of YANDEX_TRACKER_UPLOAD_URL_MAX_BYTES${declared === undefined ? '' : ` although it announced ${declared}`}: the download was stopped there. Upload a smaller file, or ask the operator to raise YANDEX_TRACKER_UPLOAD_URL_MAX_BYTES.`,
          ),
        );
        return;
      }
      chunks.push(chunk);
    });
    response.once('end', () => {
      if (declared !== undefined && size !== declared) {
        reject(failed(`${url} ended after ${size} of the ${declared} bytes it announced. Try again later.`));
        return;
      }
      const bytes = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.length;
      }
      resolve(bytes);
    });
    // A connection closed mid-body (Node reports it as an 'aborted' error), or the deadline.
    response.once('error', (error) =>
      reject(
        failed(
          `${url} closed the connection after ${size} bytes${declared === undefined ? '' : ` of the ${declared} it announced`}. Try again later.`,
          error,
        ),
      ),
    );
  });
}

/** Downloads `raw` under `rules`; every refusal or failure is thrown before Tracker is called. */
export async function fetchUrlFile(raw: string, rules: UrlUploadRules, outer: AbortSignal): Promise<UrlFile> {
  if (rules.hosts.length === 0) {
    throw refuseUrl(
      'cannot be used: uploads from a URL are off on this server (YANDEX_TRACKER_UPLOAD_URL_HOSTS lists no host). Give the file as contentBase64 (or path), or ask the operator to list the hosts files may come from in YANDEX_TRACKER_UPLOAD_URL_HOSTS.',
    );
  }
  const deadline = AbortSignal.timeout(rules.timeoutMs);
  const signal = AbortSignal.any([outer, deadline]);
  let url = checkedUrl(raw, rules);
  try {
    for (let hop = 0; ; hop += 1) {
      const { response, request } = await get(url, rules, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location !== undefined) {
        response.resume();
        if (hop >= MAX_REDIRECTS) {
          throw failed(`${raw} redirected more than ${MAX_REDIRECTS} times. Give the file's final URL.`);
        }
        url = checkedUrl(new URL(location, url).href, rules, url.href);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw failed(
          `${url.href} answered HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}, not the file. Check the URL (it must be reachable without signing in).`,
        );
      }
      const header = response.headers['content-length'];
      const declared = header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
      if (declared !== undefined && declared > rules.maxBytes) {
        request.destroy();
        throw failed(
          `${url.href} is ${bytesText(declared)}, more than this server uploads from a URL: ${bytesText(rules.maxBytes)} (YANDEX_TRACKER_UPLOAD_URL_MAX_BYTES); none of it was read. Upload a smaller file, or ask the operator to raise the limit.`,
        );
      }
      const bytes = await readBody(response, request, url.href, rules, declared);
      const type = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      return { bytes, contentType: type || undefined, url: url.href };
    }
  } catch (error) {
    if (ValidationError.isInstance(error)) throw error;
    if (deadline.aborted) {
      throw failed(
        `${raw} did not finish downloading within ${rules.timeoutMs} ms (YANDEX_TRACKER_TIMEOUT_MS). Try a faster host, or give the file as contentBase64.`,
        error,
      );
    }
    if (ToolsmithError.isInstance(error) || outer.aborted) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === NON_PUBLIC) throw refuseUrl((error as Error).message);
    throw failed(
      `${url.href} could not be downloaded (${code ?? (error as Error).message}). Check the URL and that the host is up.`,
      error,
    );
  }
}
