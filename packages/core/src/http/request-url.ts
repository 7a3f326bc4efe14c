/**
 * Builds the URL of one request from the client's base URL, the request path and its query.
 *
 * Query encoding: `undefined` and `null` values are left out; booleans and numbers are
 * stringified; arrays become REPEATED parameters (`{ tag: ['a', 'b'] }` → `?tag=a&tag=b`), and an
 * empty array is left out. An API that wants a comma-joined list takes `list.join(',')` instead.
 * Values are percent-encoded by `URLSearchParams` (spaces as `+`).
 */

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;

/**
 * `path` is joined to `baseUrl` as a string (`https://h/api/v2` + `/issues` →
 * `https://h/api/v2/issues`), unlike `new URL(path, base)`, where a leading slash would drop the
 * base path. Path segments are NOT encoded here: encode ids with `encodeURIComponent`. An absolute
 * `path` (a pagination link, say) is accepted only on the base URL's origin, so credentials are
 * never sent to another host.
 */
export function buildRequestUrl(baseUrl: string, path: string, query?: Query): URL {
  let url: URL;
  if (ABSOLUTE.test(path)) {
    url = new URL(path);
    const base = new URL(baseUrl);
    if (url.origin !== base.origin) {
      throw new TypeError(
        `Refusing to send a request to ${url.origin}: absolute paths must stay on the client's base URL origin (${base.origin}). Pass a path relative to the base URL instead.`,
      );
    }
  } else {
    const joined = path === '' ? baseUrl : `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
    url = new URL(joined);
  }
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const item of values) url.searchParams.append(key, String(item));
  }
  return url;
}
