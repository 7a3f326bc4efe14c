import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.unknown-knowledge';
const symbol = Symbol.for(marker);

/** A tool, command, helper, validator or processor that the definitions do not have. */
export class UnknownKnowledgeError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly toolId: string | undefined;
  readonly kind: 'tool' | 'command' | 'helper' | 'validator' | 'processor';
  readonly id: string;
  readonly known: readonly string[];

  constructor({
    toolId,
    kind,
    id,
    known,
    suggestions = [],
  }: {
    toolId?: string;
    kind: UnknownKnowledgeError['kind'];
    id: string;
    known: readonly string[];
    suggestions?: readonly string[];
  }) {
    const where = toolId && kind !== 'tool' ? ` in tool "${toolId}"` : '';
    const hint =
      suggestions.length > 0 ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : '';
    const list =
      known.length > 0
        ? ` Known ${kind}s: ${known.slice(0, 30).join(', ')}${known.length > 30 ? ', …' : ''}.`
        : ` This tool has no ${kind}s.`;
    super({
      code: `unknown_${kind}`,
      userFacing: true,
      message: `Unknown ${kind} "${id}"${where}.${hint}${list}`,
    });
    this.name = 'UnknownKnowledgeError';
    this.toolId = toolId;
    this.kind = kind;
    this.id = id;
    this.known = known;
  }

  static override isInstance(error: unknown): error is UnknownKnowledgeError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
