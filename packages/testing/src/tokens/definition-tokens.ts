/**
 * What tool definitions cost an agent, counted as a model counts them: the JSON of each `tools/list`
 * entry through a real tokenizer (js-tiktoken, o200k_base — GPT-4o/GPT-5's encoding), not bytes ÷ 4.
 * Tests pin a server's budget with it; the benches print the same figures.
 */
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';

let encoder: Tiktoken | undefined;

/** Tokens of `text` in o200k_base. */
export function countTokens(text: string): number {
  encoder ??= new Tiktoken(o200kBase);
  return encoder.encode(text).length;
}

export interface DefinitionTokens {
  /** Sum over all definitions. */
  total: number;
  /** `total` / number of definitions (0 for none). */
  perTool: number;
  /** Tokens of each definition, by tool name, heaviest first. */
  byName: [name: string, tokens: number][];
}

/** Tokens of tool definitions as `tools/list` sends them (each one's JSON). */
export function definitionTokens(definitions: readonly { name: string }[]): DefinitionTokens {
  const byName = definitions.map((definition): [string, number] => [
    definition.name,
    countTokens(JSON.stringify(definition)),
  ]);
  const total = byName.reduce((sum, [, tokens]) => sum + tokens, 0);
  return {
    total,
    perTool: definitions.length === 0 ? 0 : total / definitions.length,
    byName: byName.sort((a, b) => b[1] - a[1]),
  };
}
