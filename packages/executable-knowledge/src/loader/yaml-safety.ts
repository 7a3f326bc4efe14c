/**
 * Checks on the YAML event stream made before any value is built:
 *
 * - **alias expansion** ("billion laughs"): js-yaml shares aliased nodes by reference, so building
 *   the value is cheap, but everything that walks it afterwards (schema validation, JSON copies
 *   into the sandbox) sees the expanded tree. The expanded size of every anchor is computed from
 *   the events (an alias adds its anchor's expanded size) and the document is refused once aliases
 *   add more than `maxAliasExpansion` nodes — in time linear in the file, whatever the expansion.
 * - **`__proto__` keys**, refused outright: harmless in js-yaml's own objects, but a trap for any
 *   code that later copies keys with plain assignment.
 * - **one document**: a second `---` document is an error, not silently ignored.
 */
import { EVENT_ID, getScalarValue, type Event } from 'js-yaml';
import type { DefinitionProblem } from '../errors/definition-load-error.ts';
import type { DefinitionLimits } from './definition-limits.ts';
import { LineIndex } from './yaml-source-map.ts';

interface Frame {
  readonly kind: 'document' | 'mapping' | 'sequence';
  size: number;
  readonly anchor: string | undefined;
  /** Mapping: next scalar is a key. */
  expectingKey: boolean;
}

function anchorOf(text: string, event: { anchorStart: number; anchorEnd: number }): string | undefined {
  return event.anchorStart >= 0 ? text.slice(event.anchorStart, event.anchorEnd) : undefined;
}

export function checkYamlSafety(
  text: string,
  events: readonly Event[],
  file: string,
  limits: Pick<DefinitionLimits, 'maxAliasExpansion'>,
): DefinitionProblem[] {
  const lines = new LineIndex(text);
  const problems: DefinitionProblem[] = [];
  const anchorSizes = new Map<string, number>();
  const stack: Frame[] = [];
  let documents = 0;
  let aliasNodes = 0;

  const addToParent = (size: number): void => {
    const parent = stack[stack.length - 1];
    if (parent) parent.size += size;
  };
  const place = (offset: number): { line: number; column: number } => lines.position(offset);

  for (const event of events) {
    const parent = stack[stack.length - 1];
    const isKey = parent?.kind === 'mapping' && parent.expectingKey;
    if (parent?.kind === 'mapping' && event.type !== EVENT_ID.POP) parent.expectingKey = !parent.expectingKey;

    switch (event.type) {
      case EVENT_ID.DOCUMENT: {
        documents += 1;
        if (documents === 2) {
          // Placed on the second document's first node, if it has one.
          const next = events[events.indexOf(event) + 1];
          const offset =
            next?.type === EVENT_ID.SCALAR
              ? next.valueStart
              : next && 'start' in next
                ? next.start
                : undefined;
          problems.push({
            path: '',
            ...(offset === undefined ? { line: undefined, column: undefined } : place(offset)),
            message: `${file} holds more than one YAML document (separated by ---)`,
            expected: 'a single document: one tool or agent per file',
          });
          return problems;
        }
        stack.push({ kind: 'document', size: 0, anchor: undefined, expectingKey: false });
        break;
      }
      case EVENT_ID.SEQUENCE:
      case EVENT_ID.MAPPING:
        stack.push({
          kind: event.type === EVENT_ID.MAPPING ? 'mapping' : 'sequence',
          size: 1,
          anchor: anchorOf(text, event),
          expectingKey: true,
        });
        break;
      case EVENT_ID.SCALAR: {
        const anchor = anchorOf(text, event);
        if (anchor !== undefined) anchorSizes.set(anchor, 1);
        if (isKey && getScalarValue(text, event) === '__proto__') {
          const position = place(event.valueStart);
          problems.push({
            path: '',
            ...position,
            message: "the key '__proto__' is not allowed",
            expected: 'another key name',
          });
        }
        addToParent(1);
        break;
      }
      case EVENT_ID.ALIAS: {
        const size = anchorSizes.get(text.slice(event.anchorStart, event.anchorEnd)) ?? 1;
        aliasNodes += size;
        if (aliasNodes > limits.maxAliasExpansion) {
          const position = place(Math.max(0, event.anchorStart - 1));
          problems.push({
            path: '',
            ...position,
            message: `aliases expand to more than ${limits.maxAliasExpansion} nodes (an alias bomb?); the document was not loaded`,
            expected: 'fewer or smaller anchors/aliases: repeat the content instead of nesting aliases',
          });
          return problems;
        }
        addToParent(size);
        break;
      }
      case EVENT_ID.POP: {
        const closed = stack.pop();
        if (closed && closed.kind !== 'document') {
          if (closed.anchor !== undefined) anchorSizes.set(closed.anchor, closed.size);
          addToParent(closed.size);
        }
        break;
      }
    }
  }
  return problems;
}
