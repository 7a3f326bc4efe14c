import { describe, expect, it } from '@jest/globals';
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import {
  buildToolName,
  CONSENT_WARNING,
  defineToolMetadata,
  renderAnnotations,
  renderDescription,
  type ToolAnnotations,
} from './tool-metadata.ts';

describe('tool metadata', () => {
  it('builds prefixed names and normalises separators', () => {
    expect(buildToolName('transition_issue', 'yandex_tracker')).toBe('yandex_tracker_transition_issue');
    expect(buildToolName('get-issue', 'tracker')).toBe('tracker_get_issue');
    expect(buildToolName('ping')).toBe('ping');
  });

  it('enforces the MCP name rule (SEP-986)', () => {
    expect(() => buildToolName('bad tool!')).toThrow(ToolDefinitionError);
    expect(() => buildToolName('x'.repeat(129))).toThrow(/1–128 characters/);
    expect(() =>
      defineToolMetadata({
        name: 'ok',
        description: '[A/B] x',
        category: 'a',
        annotations: { readOnlyHint: true },
        deprecatedAliases: ['bad alias'],
      }),
    ).toThrow(ToolDefinitionError);
  });

  it('refuses an empty description', () => {
    expect(() =>
      defineToolMetadata({ name: 'x', description: ' ', category: 'a', annotations: { readOnlyHint: true } }),
    ).toThrow(/description must not be empty/);
  });

  it('adds the consent warning and destructiveHint for consent-requiring tools', () => {
    const metadata = defineToolMetadata({
      name: 'delete_issue',
      title: 'Delete issue',
      description: '[Issues/Delete] Delete an issue.',
      category: 'issues',
      requiresExplicitUserConsent: true,
      annotations: { readOnlyHint: false },
    });
    expect(renderDescription(metadata)).toBe(`[Issues/Delete] Delete an issue.\n\n${CONSENT_WARNING}`);
    expect(renderAnnotations(metadata)).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
    });
  });

  it('refuses consent together with destructiveHint: false', () => {
    expect(() =>
      defineToolMetadata({
        name: 'add_note',
        description: '[Notes/Create] Add.',
        category: 'notes',
        requiresExplicitUserConsent: true,
        annotations: { readOnlyHint: false, destructiveHint: false },
      }),
    ).toThrow(/contradicts destructiveHint: false/);
  });

  it('leaves other tools untouched', () => {
    const metadata = defineToolMetadata({
      name: 'ping',
      description: '[Meta/Ping] Ping.',
      category: 'meta',
      annotations: { readOnlyHint: true },
    });
    expect(renderDescription(metadata)).toBe('[Meta/Ping] Ping.');
    expect(renderAnnotations(metadata)).toEqual({ readOnlyHint: true });
  });

  it('renders only the hints that differ from the MCP defaults or say whether a write destroys', () => {
    const render = (annotations: ToolAnnotations) =>
      renderAnnotations(defineToolMetadata({ name: 'x', description: 'X.', category: 'a', annotations }));
    expect(
      render({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }),
    ).toEqual({ readOnlyHint: true });
    expect(render({ readOnlyHint: true, openWorldHint: false })).toEqual({
      readOnlyHint: true,
      openWorldHint: false,
    });
    expect(render({ readOnlyHint: false })).toEqual({ readOnlyHint: false, destructiveHint: true });
    expect(
      render({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true }),
    ).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(render({ readOnlyHint: false, destructiveHint: true, idempotentHint: false })).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
    });
  });
});
