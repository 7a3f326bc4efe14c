/**
 * ClickUp MCP server: what its tool definitions cost an agent on every turn, counted with a real
 * tokenizer (js-tiktoken, o200k_base) as the JSON of each `tools/list` entry — over all tools and over
 * the default toolsets, `search_tools` included as the server serves it — against issue 13's budgets
 * (≤ 150 tokens per tool, ≤ 3,000 for the default set); over either, the bench run fails. The bytes ÷ 4
 * estimate is printed beside it, measured on the same definitions.
 */
import { createRegistry } from '@toolsmith/clickup-mcp';
import { SearchToolsTool } from '@toolsmith/core';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import type { BenchmarkResult } from './report.ts';

const PER_TOOL_GOAL = 150;
const DEFAULT_GOAL = 3000;

export async function runClickUpContext(): Promise<BenchmarkResult> {
  const encoder = new Tiktoken(o200k);
  const registry = createRegistry();
  const cost = (tools: ReturnType<typeof registry.list>) =>
    tools.map((tool) => {
      const json = JSON.stringify(tool.getDefinition());
      return { name: tool.name, tokens: encoder.encode(json).length, bytes: Buffer.byteLength(json) };
    });
  // what tools/list serves: the tools, plus core's search_tools
  const searchTools = new SearchToolsTool(registry);
  const all = cost([...registry.list(), searchTools]);
  const defaults = cost([...registry.select({}).tools, searchTools]);
  const sum = (rows: { tokens: number }[]) => rows.reduce((n, r) => n + r.tokens, 0);
  const bytes = (rows: { bytes: number }[]) => rows.reduce((n, r) => n + r.bytes, 0);
  const perTool = sum(all) / all.length;
  const heaviest = [...all].sort((a, b) => b.tokens - a.tokens).slice(0, 8);
  return {
    name: 'clickup-context',
    tables: [],
    targets: [
      {
        target: `ClickUp: ≤ ${PER_TOOL_GOAL} tokens per tool (all ${all.length} tools, o200k_base)`,
        measured: `${perTool.toFixed(0)} (${sum(all)} in total)`,
        met: perTool <= PER_TOOL_GOAL,
        budget: true,
      },
      {
        target: `ClickUp: ≤ ${DEFAULT_GOAL} tokens for the default toolsets`,
        measured: `${sum(defaults)} (${defaults.length} tools)`,
        met: sum(defaults) <= DEFAULT_GOAL,
        budget: true,
      },
    ],
    notes: [
      `all tools: ${sum(all)} tokens, ${bytes(all)} bytes; bytes ÷ 4 would say ${Math.round(bytes(all) / 4)} (${((bytes(all) / 4 / sum(all)) * 100).toFixed(0)}% of the real count)`,
      `default toolsets: ${sum(defaults)} tokens for ${defaults.length} tools`,
      `heaviest: ${heaviest.map((r) => `${r.name} ${r.tokens}`).join(', ')}`,
    ],
  };
}
