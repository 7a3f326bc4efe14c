/**
 * Maps a YAML path (`tool.executable_knowledge.helpers[2].id`) to its line and column.
 *
 * js-yaml's `load` keeps no positions, but js-yaml 5 exposes the parser's event stream
 * (`parseEvents`) with source offsets for every node. The loader parses events once, builds this
 * map from them, and constructs the value from the same events (`constructFromEvents`), so map and
 * value always agree — block and flow style alike, comments and anchors included.
 *
 * Each node records two positions: the key (`validation:` for a mapping value; the node itself for
 * list items and the root) — where error messages point — and the value's first character, which
 * for a block scalar (`function: |`) is the first line of its content and gives inline code its
 * line offset. A path that does not exist (a missing field) resolves to its nearest existing
 * ancestor. Nodes reached through an alias are not expanded: paths below an alias resolve to the
 * alias itself.
 */
import { EVENT_ID, getScalarValue, type Event } from 'js-yaml';
import { formatYamlPath, type YamlPath } from '../schema/definition-issue.ts';

/** 1-based line and column. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

interface NodePositions {
  readonly key: SourcePosition;
  readonly value: SourcePosition;
}

interface Frame {
  readonly kind: 'document' | 'mapping' | 'sequence' | 'ignored';
  readonly path: YamlPath;
  /** Mapping: next node is a key. */
  expectingKey: boolean;
  currentKey: string;
  currentKeyPosition: SourcePosition | undefined;
  /** Sequence: index of the next item. */
  nextIndex: number;
  /** Ignored (a complex mapping key): nesting depth still open. */
  depth: number;
}

/** Offsets → line/column, by binary search over line starts. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }

  position(offset: number): SourcePosition {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (this.starts[low] as number) + 1 };
  }
}

function nodeStart(event: Event): number | undefined {
  switch (event.type) {
    case EVENT_ID.SCALAR:
      return event.anchorStart >= 0
        ? event.anchorStart - 1
        : event.tagStart >= 0
          ? event.tagStart
          : event.valueStart;
    case EVENT_ID.SEQUENCE:
    case EVENT_ID.MAPPING:
      return event.anchorStart >= 0
        ? event.anchorStart - 1
        : event.tagStart >= 0
          ? event.tagStart
          : event.start;
    case EVENT_ID.ALIAS:
      return event.anchorStart - 1;
    default:
      return undefined;
  }
}

export class YamlSourceMap {
  private readonly nodes = new Map<string, NodePositions>();
  private readonly lines: LineIndex;

  private constructor(text: string) {
    this.lines = new LineIndex(text);
  }

  /** Builds the map of the first document of `events` (as returned by js-yaml's `parseEvents`). */
  static fromEvents(text: string, events: readonly Event[]): YamlSourceMap {
    const map = new YamlSourceMap(text);
    map.walk(text, events);
    return map;
  }

  /**
   * Position of `path` (the key of a mapping entry, or the node), else of its nearest existing
   * ancestor. Undefined only for an empty document.
   */
  locate(path: YamlPath): SourcePosition | undefined {
    for (let length = path.length; length >= 0; length--) {
      const node = this.nodes.get(formatYamlPath(path.slice(0, length)));
      if (node) return node.key;
    }
    return undefined;
  }

  /** Position of the value itself at exactly `path` (block scalars: their first content line). */
  valuePosition(path: YamlPath): SourcePosition | undefined {
    return this.nodes.get(formatYamlPath(path))?.value;
  }

  /** Whether `path` exists in the document as written. */
  has(path: YamlPath): boolean {
    return this.nodes.has(formatYamlPath(path));
  }

  positionOf(offset: number): SourcePosition {
    return this.lines.position(offset);
  }

  private record(path: YamlPath, key: SourcePosition | undefined, valueOffset: number): void {
    const value = this.lines.position(valueOffset);
    this.nodes.set(formatYamlPath(path), { key: key ?? value, value });
  }

  private walk(text: string, events: readonly Event[]): void {
    const stack: Frame[] = [];
    let documents = 0;
    const frame = (kind: Frame['kind'], path: YamlPath): Frame => ({
      kind,
      path,
      expectingKey: true,
      currentKey: '',
      currentKeyPosition: undefined,
      nextIndex: 0,
      depth: 0,
    });

    for (const event of events) {
      const top = stack[stack.length - 1];
      if (event.type === EVENT_ID.DOCUMENT) {
        documents += 1;
        if (documents > 1) return; // only the first document is mapped
        stack.push(frame('document', []));
        continue;
      }
      if (!top) continue;
      if (top.kind === 'ignored') {
        if (event.type === EVENT_ID.SEQUENCE || event.type === EVENT_ID.MAPPING) top.depth += 1;
        else if (event.type === EVENT_ID.POP) {
          top.depth -= 1;
          if (top.depth === 0) stack.pop();
        }
        continue;
      }
      if (event.type === EVENT_ID.POP) {
        stack.pop();
        continue;
      }
      const start = nodeStart(event) ?? 0;

      // A mapping key.
      if (top.kind === 'mapping' && top.expectingKey) {
        top.expectingKey = false;
        top.currentKeyPosition = this.lines.position(start);
        if (event.type === EVENT_ID.SCALAR) {
          top.currentKey = getScalarValue(text, event);
        } else {
          top.currentKey = '?';
          if (event.type === EVENT_ID.SEQUENCE || event.type === EVENT_ID.MAPPING) {
            const ignored = frame('ignored', []);
            ignored.depth = 1;
            stack.push(ignored);
          }
        }
        continue;
      }

      // A value: the document root, a mapping value or a list item.
      let path: YamlPath;
      let keyPosition: SourcePosition | undefined;
      if (top.kind === 'mapping') {
        path = [...top.path, top.currentKey];
        keyPosition = top.currentKeyPosition;
        top.expectingKey = true;
      } else if (top.kind === 'sequence') {
        path = [...top.path, top.nextIndex];
        top.nextIndex += 1;
      } else {
        path = [];
      }
      const valueOffset = event.type === EVENT_ID.SCALAR ? event.valueStart : start;
      this.record(path, keyPosition, event.type === EVENT_ID.SCALAR ? valueOffset : start);
      if (event.type === EVENT_ID.MAPPING) stack.push(frame('mapping', path));
      else if (event.type === EVENT_ID.SEQUENCE) stack.push(frame('sequence', path));
    }
  }
}
