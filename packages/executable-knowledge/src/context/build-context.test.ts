import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { UnknownKnowledgeError } from '../errors/unknown-knowledge-error.ts';
import { loadToolDefinition } from '../loader/index.ts';
import { buildCommandContext, contextItems, estimateTokens } from './build-context.ts';

const fixture = fileURLToPath(new URL('../__fixtures__/tools/clickup/clickup.tool.yaml', import.meta.url));

describe('buildCommandContext', () => {
  it('orders what a command needs: command, rules, anti-patterns, quirks, helpers, mappings, examples (success first)', async () => {
    const definition = await loadToolDefinition(fixture);
    const kinds = contextItems(definition, 'create_task').map((i) => i.kind);
    const firstOf = (kind: string) => kinds.indexOf(kind as never);
    expect(kinds[0]).toBe('command');
    expect(firstOf('validator')).toBeGreaterThan(0);
    expect(firstOf('anti_pattern')).toBeGreaterThan(firstOf('validator'));
    expect(firstOf('quirk')).toBeGreaterThan(firstOf('anti_pattern'));
    expect(firstOf('helper')).toBeGreaterThan(firstOf('quirk'));
    expect(firstOf('example')).toBeGreaterThan(firstOf('helper'));
    const examples = contextItems(definition, 'create_task').filter((i) => i.kind === 'example');
    expect(examples[0]?.text).toMatch(/^### Example \(success/);
  });

  it('renders the rules, the anti-pattern with wrong/correct, and the helper signature', async () => {
    const { text, omitted } = buildCommandContext(await loadToolDefinition(fixture), 'create_task', {
      maxTokens: 10_000,
    });
    expect(omitted).toEqual([]);
    expect(text).toContain('## ClickUp MCP Server — create_task');
    expect(text).toContain('- required: listId, name');
    expect(text).toContain('- assignees: a list of user ids, e.g. [183, 456]');
    expect(text).toContain('### Avoid: wrong_assignee_format_in_create');
    expect(text).toMatch(/Wrong: create_task\(\{/);
    expect(text).toMatch(
      /### Helper extract-custom-field: `extractCustomField\(fieldId, fieldType, inputData\)`/,
    );
  });

  it('stays within the budget and names what it left out', async () => {
    const definition = await loadToolDefinition(fixture);
    const full = buildCommandContext(definition, 'create_task', { maxTokens: 10_000 });
    const small = buildCommandContext(definition, 'create_task', { maxTokens: 250 });
    expect(small.tokens).toBeLessThanOrEqual(250);
    expect(small.tokens).toBe(estimateTokens(small.text));
    expect(small.included[0]).toEqual({ kind: 'command', id: 'create_task' });
    expect(small.omitted.length).toBeGreaterThan(0);
    expect(small.included.length + small.omitted.length).toBe(full.included.length);
    expect(small.text).toMatch(
      /_Left out to stay within 250 tokens: .*example.*Ask for a larger maxTokens to see them\._$/,
    );
  });

  it('refuses an unknown command with the known ones', async () => {
    const definition = await loadToolDefinition(fixture);
    let error: unknown;
    try {
      buildCommandContext(definition, 'create_tsk');
    } catch (e) {
      error = e;
    }
    expect(UnknownKnowledgeError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Unknown command "create_tsk" in tool "clickup". Did you mean "create_task"? Known commands: create_task, update_task.',
    );
  });
});
