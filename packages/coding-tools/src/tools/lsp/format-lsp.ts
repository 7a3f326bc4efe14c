/**
 * Language-server answers as compact text: `path:line:col` (1-based, paths relative to the root)
 * with the source line, symbols as an indented outline, hover as plain text.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type {
  CallHierarchyItem,
  DocumentSymbol,
  Hover,
  Location,
  LocationLink,
  MarkedString,
  MarkupContent,
  Range,
  SymbolInformation,
  WorkspaceSymbol,
} from 'vscode-languageserver-protocol';
import type { CodingSession } from '../../session/coding-session.ts';
import { displayPath } from '../../session/resolve-path.ts';

/** Kind names by LSP SymbolKind number. */
const SYMBOL_KINDS = [
  '',
  'file',
  'module',
  'namespace',
  'package',
  'class',
  'method',
  'property',
  'field',
  'constructor',
  'enum',
  'interface',
  'function',
  'variable',
  'constant',
  'string',
  'number',
  'boolean',
  'array',
  'object',
  'key',
  'null',
  'enum member',
  'struct',
  'event',
  'operator',
  'type parameter',
];

export function symbolKind(kind: number): string {
  return SYMBOL_KINDS[kind] ?? 'symbol';
}

/** Reads source lines of the files a result names (each file once). */
export class SourceLines {
  readonly #session: CodingSession;
  readonly #files = new Map<string, string[] | undefined>();

  constructor(session: CodingSession) {
    this.#session = session;
  }

  path(uri: string): string {
    return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
  }

  shown(uri: string): string {
    return displayPath(this.#session, this.path(uri));
  }

  line(uri: string, line: number): string | undefined {
    const file = this.path(uri);
    if (!this.#files.has(file)) {
      let lines: string[] | undefined;
      try {
        lines = readFileSync(file, 'utf8').split(/\r?\n/);
      } catch {
        lines = undefined;
      }
      this.#files.set(file, lines);
    }
    return this.#files.get(file)?.[line];
  }

  /** `path:line:col` of a range's start, 1-based. */
  at(uri: string, range: Range): string {
    return `${this.shown(uri)}:${range.start.line + 1}:${range.start.character + 1}`;
  }

  /** `path:line:col: <source line>`. */
  atWithSource(uri: string, range: Range): string {
    const source = this.line(uri, range.start.line)?.trim();
    return source ? `${this.at(uri, range)}: ${source.slice(0, 200)}` : this.at(uri, range);
  }
}

/** Locations and location links as `{ uri, range }`. */
export function normaliseLocations(
  result: Location | Location[] | LocationLink[] | null | undefined,
): Location[] {
  if (!result) return [];
  const list = Array.isArray(result) ? result : [result];
  return list.map((item) =>
    'targetUri' in item ? { uri: item.targetUri, range: item.targetSelectionRange } : item,
  );
}

export function formatLocations(locations: readonly Location[], lines: SourceLines, limit: number): string[] {
  const sorted = [...locations].sort(
    (a, b) =>
      lines.shown(a.uri).localeCompare(lines.shown(b.uri)) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character,
  );
  const shown = sorted.slice(0, limit).map((location) => lines.atWithSource(location.uri, location.range));
  if (sorted.length > limit) shown.push(`… and ${sorted.length - limit} more`);
  return shown;
}

function markedText(content: MarkedString | MarkupContent): string {
  if (typeof content === 'string') return content;
  if ('language' in content) return content.value;
  return content.value;
}

/** Hover contents as plain text: code fences dropped, blank runs squeezed. */
export function hoverText(hover: Hover | null | undefined): string | undefined {
  if (!hover) return undefined;
  const parts = Array.isArray(hover.contents) ? hover.contents : [hover.contents];
  const text = parts
    .map(markedText)
    .join('\n\n')
    .replace(/^```\w*\n?/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text === '' ? undefined : text;
}

/** A document outline: `kind name (line N)`, children indented. */
export function formatDocumentSymbols(
  symbols: readonly (DocumentSymbol | SymbolInformation)[],
  limit: number,
): string[] {
  const out: string[] = [];
  let total = 0;
  const walk = (items: readonly DocumentSymbol[], depth: number) => {
    for (const item of items) {
      total++;
      if (out.length < limit) {
        const detail = item.detail ? ` ${item.detail}` : '';
        out.push(
          `${'  '.repeat(depth)}${symbolKind(item.kind)} ${item.name}${detail} (line ${item.selectionRange.start.line + 1})`,
        );
      }
      if (item.children) walk(item.children, depth + 1);
    }
  };
  if (symbols.length > 0 && 'selectionRange' in symbols[0]!) walk(symbols as DocumentSymbol[], 0);
  else {
    for (const item of symbols as SymbolInformation[]) {
      total++;
      if (out.length < limit) {
        const container = item.containerName ? ` in ${item.containerName}` : '';
        out.push(
          `${symbolKind(item.kind)} ${item.name}${container} (line ${item.location.range.start.line + 1})`,
        );
      }
    }
  }
  if (total > limit) out.push(`… and ${total - limit} more`);
  return out;
}

/** Workspace symbols: `kind name — path:line:col`, files inside the root first. */
export function formatWorkspaceSymbols(
  symbols: readonly (SymbolInformation | WorkspaceSymbol)[],
  lines: SourceLines,
  limit: number,
): string[] {
  const rows = symbols.map((item) => {
    const location =
      'range' in item.location
        ? lines.at(item.location.uri, item.location.range)
        : lines.shown(item.location.uri);
    const container = item.containerName ? ` in ${item.containerName}` : '';
    return {
      text: `${symbolKind(item.kind)} ${item.name}${container} — ${location}`,
      outside: location.startsWith('/') || location.includes('node_modules'),
    };
  });
  const ordered = [...rows.filter((row) => !row.outside), ...rows.filter((row) => row.outside)];
  const out = ordered.slice(0, limit).map((row) => row.text);
  if (ordered.length > limit) out.push(`… and ${ordered.length - limit} more`);
  return out;
}

export function formatCallItem(item: CallHierarchyItem, lines: SourceLines): string {
  const detail = item.detail ? ` (${item.detail})` : '';
  return `${symbolKind(item.kind)} ${item.name}${detail} — ${lines.at(item.uri, item.selectionRange)}`;
}
