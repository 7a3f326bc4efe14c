/**
 * Path patterns for fake-API routes and fault scopes:
 *
 * - literal segments match exactly: `/v2/issues`;
 * - `:name` matches one non-empty segment, decoded, into `params.name`: `/v2/issues/:key`;
 * - a final `*` matches the rest of the path (possibly empty) into `params['*']`: `/files/*`.
 *
 * A trailing slash is ignored on both sides.
 */

export type PathParams = Record<string, string>;

export interface PathPattern {
  readonly source: string;
  /** The params when `path` matches, else `undefined`. */
  match(path: string): PathParams | undefined;
}

export function compilePathPattern(source: string): PathPattern {
  if (!source.startsWith('/')) {
    throw new TypeError(`Fake API path pattern ${JSON.stringify(source)} must start with "/".`);
  }
  const segments = split(source);
  const star = segments.indexOf('*');
  if (star !== -1 && star !== segments.length - 1) {
    throw new TypeError(
      `Fake API path pattern ${JSON.stringify(source)}: "*" is only allowed as the last segment.`,
    );
  }
  return {
    source,
    match(path) {
      const parts = split(path);
      const params: PathParams = {};
      for (const [index, segment] of segments.entries()) {
        if (segment === '*') {
          params['*'] = parts.slice(index).map(decode).join('/');
          return params;
        }
        const part = parts[index];
        if (part === undefined) return undefined;
        if (segment.startsWith(':')) params[segment.slice(1)] = decode(part);
        else if (segment !== part) return undefined;
      }
      return parts.length === segments.length ? params : undefined;
    },
  };
}

function split(path: string): string[] {
  return path.split('/').filter((segment, index) => index > 0 && segment !== '');
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
