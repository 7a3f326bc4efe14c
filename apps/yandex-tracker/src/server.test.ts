import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  CONSENT_WARNING,
  silentLogger,
  validateSchemaDefinitionMatch,
  type ToolSelection,
} from '@toolsmith/core';
import { createMcpServer } from '@toolsmith/core/mcp';
import { connectInMemory, countTokens, definitionTokens } from '@toolsmith/testing';
import { describeToolDefinitions } from '@toolsmith/testing/jest';
import { loadConfig } from './config.ts';
import {
  createDeps,
  createRegistry,
  SERVER_INSTRUCTIONS,
  SERVER_NAME,
  SERVER_VERSION,
  TOOLSETS,
} from './server.ts';

// One test per tool: the MCP definition is generated from its Zod schema, matches it, follows the
// conventions and equals its snapshot (a changed definition is a reviewed change).
describeToolDefinitions('yandex tracker tools', createRegistry);

const registry = createRegistry();
const tools = registry.list();

/** Every property name in a JSON Schema, nested objects and array items included. */
function propertyNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (schema && typeof schema === 'object') {
    const s = schema as Record<string, unknown>;
    if (s['properties'] && typeof s['properties'] === 'object') {
      for (const [name, child] of Object.entries(s['properties'] as Record<string, unknown>)) {
        out.add(name);
        propertyNames(child, out);
      }
    }
    for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) {
      const value = s[key];
      if (Array.isArray(value)) value.forEach((v) => propertyNames(v, out));
      else if (value && typeof value === 'object') propertyNames(value, out);
    }
  }
  return out;
}

describe('the Tracker tool surface', () => {
  it('has at least 57 tools, all named tracker_<verb>[_<noun>]', () => {
    expect(tools.length).toBeGreaterThanOrEqual(57);
    for (const tool of tools) expect(tool.name).toMatch(/^tracker_[a-z]+(_[a-z]+)*$/);
  });

  it('checks every definition against its schema in one registry-wide pass', () => {
    const mismatches = tools.flatMap((tool) =>
      validateSchemaDefinitionMatch(tool.getParamsSchema(), tool.getDefinition().inputSchema).errors.map(
        (e) => `${tool.name}: ${e.message}`,
      ),
    );
    expect(mismatches).toEqual([]);
  });

  it('uses one name per identifier: no issueKey, issue_id, key, transition, id, …', () => {
    const banned = [
      'issueKey',
      'issueKeys',
      'issue_id',
      'issueID',
      'key_id',
      'transition',
      'issues',
      'queue',
      'queueKey',
      'commentID',
    ];
    const offenders = tools.flatMap((tool) =>
      [...propertyNames(tool.getDefinition().inputSchema)]
        .filter((p) => banned.includes(p))
        .map((p) => `${tool.name}.${p}`),
    );
    expect(offenders).toEqual([]);
  });

  it('annotates every write destructive and asks consent for writes once, in the instructions', () => {
    // issue 15 §1: the consent rule is stated once (SERVER_INSTRUCTIONS), not in 29 descriptions
    expect(SERVER_INSTRUCTIONS).toMatch(
      /changes data \(readOnlyHint false\) requires the user's explicit consent/,
    );
    for (const tool of tools) {
      const definition = tool.getDefinition();
      expect([tool.name, definition.description?.includes(CONSENT_WARNING)]).toEqual([tool.name, false]);
      if (!definition.annotations?.readOnlyHint)
        expect([tool.name, definition.annotations?.destructiveHint]).toEqual([tool.name, true]);
    }
  });

  it('puts every tool in a declared toolset, and every toolset has tools', () => {
    const ids = new Set<string>(TOOLSETS.map((t) => t.id));
    const used = new Set(tools.map((t) => t.metadata.toolset));
    for (const tool of tools)
      expect([tool.name, ids.has(tool.metadata.toolset ?? '')]).toEqual([tool.name, true]);
    for (const id of ids) expect([id, used.has(id)]).toEqual([id, true]);
  });

  it('describes every parameter', () => {
    const undocumented = tools.flatMap((tool) => {
      const props =
        (tool.getDefinition().inputSchema as { properties?: Record<string, { description?: string }> })
          .properties ?? {};
      return Object.entries(props)
        .filter(([, p]) => !p.description)
        .map(([name]) => `${tool.name}.${name}`);
    });
    expect(undocumented).toEqual([]);
  });

  it('has a test that calls every tool by name', () => {
    const root = join(import.meta.dirname, 'tools');
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.test.ts')) sources.push(readFileSync(path, 'utf8'));
      }
    };
    walk(root);
    const all = sources.join('\n');
    const untested = tools.map((t) => t.name).filter((name) => !all.includes(`'${name}'`));
    expect(untested).toEqual([]);
  });
});

describe('what tools/list costs an agent (o200k_base tokens)', () => {
  /** The tools/list answer of a server with `selection`, search_tools included, as a client gets it. */
  async function listed(selection: ToolSelection) {
    const connection = await connectInMemory(
      createMcpServer({
        name: SERVER_NAME,
        version: SERVER_VERSION,
        instructions: SERVER_INSTRUCTIONS,
        registry: createRegistry(),
        deps: createDeps(loadConfig({ YANDEX_TRACKER_TOKEN: 'token', YANDEX_ORG_ID: '1' })),
        selection,
        logger: silentLogger,
      }),
    );
    try {
      return (await connection.client.listTools()).tools;
    } finally {
      await connection.close();
    }
  }

  it('keeps the definitions within budget: ≤ 150 per tool over all tools, ≤ 3,000 for the defaults', async () => {
    // issue 15 §1 (ADR 0018). Before: 26,303 tokens for all 68 (387 per tool), 4,551 for the default
    // toolsets. After: 9,961 (146.5 per tool) and 2,363. `npm run bench -- yandex-tracker` prints the
    // figures and the heaviest tools.
    const all = definitionTokens(await listed({ toolsets: ['all'] }));
    const defaults = definitionTokens(await listed({}));
    expect(all.byName.length).toBeGreaterThanOrEqual(68);
    expect(all.perTool).toBeLessThanOrEqual(150);
    expect(defaults.total).toBeLessThanOrEqual(3000);
    // no single tool back to the old sizes (tracker_manage_queue_access was 2,830, bulk_* ~1,200)
    expect(all.byName.filter(([, tokens]) => tokens > 500)).toEqual([]);
  });

  it('says the shared rules once, in instructions that stay short', () => {
    expect(countTokens(SERVER_INSTRUCTIONS)).toBeLessThanOrEqual(350);
  });
});

describe('docs/yandex-tracker.md', () => {
  it('documents every tool', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/yandex-tracker.md'), 'utf8');
    expect(tools.map((t) => t.name).filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });
});
