/**
 * A KnowledgeTool with a binding runs its pack's validators in the isolated-vm sandbox, which only
 * Node loads: it declares `node-addons`, so core's runtime check (the web-standard handler's, at
 * start-up) names it on Bun or Workers instead of the first guarded call failing there.
 */
import { describe, expect, it } from '@jest/globals';
import { defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { checkRuntimeRequirements } from '@toolsmith/core/mcp';
import { z } from 'zod';
import { KnowledgeTool, type KnowledgeBinding, type KnowledgeDeps } from './knowledge-tool.ts';

const Params = z.object({ title: z.string() });

class GuardedTool extends KnowledgeTool<KnowledgeDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'create_card',
    description: 'Create a card, checked by the pack.',
    category: 'cards',
    annotations: { readOnlyHint: false },
  });
  static override readonly KNOWLEDGE: KnowledgeBinding | undefined = {
    toolId: 'board',
    command: 'create_card',
  };
  override getParamsSchema() {
    return Params;
  }
  async execute(_params: z.output<typeof Params>, _ctx: ToolContext<KnowledgeDeps>) {
    return 'created';
  }
}

class UnboundTool extends GuardedTool {
  static override readonly METADATA = defineToolMetadata({ ...GuardedTool.METADATA, name: 'list_cards' });
  static override readonly KNOWLEDGE = undefined;
}

class DeclaredTool extends GuardedTool {
  static override readonly METADATA = defineToolMetadata({
    ...GuardedTool.METADATA,
    name: 'move_card',
    requires: ['node-addons'],
  });
}

describe('KnowledgeTool runtime requirements', () => {
  it('requires node-addons when it has a binding, once, and nothing without one', () => {
    expect(new GuardedTool().requires).toEqual(['node-addons']);
    expect(new DeclaredTool().requires).toEqual(['node-addons']);
    expect(new UnboundTool().requires).toEqual([]);
  });

  it('stops a server on Bun or Workers naming the guarded tools, and lets Node serve them', () => {
    const tools = [new GuardedTool(), new UnboundTool(), new DeclaredTool()];
    expect(() => checkRuntimeRequirements(tools, 'bun')).toThrow(
      "2 tools create_card, move_card need native addons built against Node's V8",
    );
    expect(() => checkRuntimeRequirements(tools, 'workerd')).toThrow('which Cloudflare Workers cannot load');
    expect(() => checkRuntimeRequirements(tools, 'node')).not.toThrow();
  });
});
