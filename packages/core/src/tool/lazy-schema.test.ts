import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import { runBatch } from '../list/batch.ts';
import { listLocal } from '../list/list-result.ts';
import { projectionRootOf, withProjectionRoot } from '../list/projection-root.ts';
import { silentLogger } from '../logging/logger.ts';
import { BaseTool } from './base-tool.ts';
import { lazySchema, type ParamsOf } from './lazy-schema.ts';
import { fieldsParam } from './field-projection.ts';
import { noProgress, type ToolContext } from './tool-context.ts';
import { defineToolMetadata } from './tool-metadata.ts';

const ctx: ToolContext<unknown> = {
  deps: undefined,
  signal: new AbortController().signal,
  progress: noProgress,
  logger: silentLogger,
  toolName: 'test',
};
const text = (result: { content: { type: string; text?: string }[] }) =>
  result.content.map((c) => c.text ?? '').join('\n');

const meta = (name: string) =>
  defineToolMetadata({
    name,
    description: 'A test tool.',
    category: 'test',
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  });

let builds = 0;
const EchoParams = lazySchema(() => {
  builds += 1;
  return z.object({ word: z.string().min(1), times: z.number().int().min(1).default(1) });
});

class EchoTool extends BaseTool<unknown, typeof EchoParams> {
  static override readonly METADATA = meta('echo');
  static override readonly PARAMS = EchoParams;
  async execute({ word, times }: ParamsOf<typeof EchoParams>) {
    return { echoed: word.repeat(times) };
  }
}

describe('lazySchema and static PARAMS', () => {
  it('builds the schema on first use, once, for every instance', async () => {
    expect(builds).toBe(0);
    const a = new EchoTool();
    const b = new EchoTool();
    expect(builds).toBe(0);
    expect(a.getDefinition().inputSchema.required).toEqual(['word']);
    expect(b.getParamsSchema()).toBe(a.getParamsSchema());
    const result = await b.run({ word: 'ab', times: 2 }, ctx);
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain('abab');
    expect(builds).toBe(1);
  });

  it('validates against the declared schema', async () => {
    const result = await new EchoTool().run({ word: '', times: 0 }, ctx);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/word/);
    expect(text(result)).toMatch(/times/);
  });

  it('a tool that declares no params is refused with how to declare them', () => {
    class Bare extends BaseTool {
      static override readonly METADATA = meta('bare');
      async execute() {
        return 'x';
      }
    }
    expect(() => new Bare().getParamsSchema()).toThrow(ToolDefinitionError);
    expect(() => new Bare().getParamsSchema()).toThrow(/static readonly PARAMS = lazySchema/);
  });

  it('a plain zod object works as PARAMS too', async () => {
    const Params = z.object({ n: z.number() });
    class Plain extends BaseTool<unknown, typeof Params> {
      static override readonly METADATA = meta('plain');
      static override readonly PARAMS = Params;
      async execute({ n }: ParamsOf<typeof Params>) {
        return { double: n * 2 };
      }
    }
    expect(new Plain().getParamsSchema()).toBe(Params);
    expect(text(await new Plain().run({ n: 4 }, ctx))).toContain('8');
  });
});

describe('projection root carried by the result', () => {
  const ListParams = lazySchema(() =>
    z.object({ cursor: z.string().optional(), perPage: z.number().default(2), fields: fieldsParam() }),
  );
  const all = [
    { id: 1, name: 'a', secret: 'x' },
    { id: 2, name: 'b', secret: 'y' },
    { id: 3, name: 'c', secret: 'z' },
  ];
  class ListThings extends BaseTool<unknown, typeof ListParams> {
    static override readonly METADATA = meta('list_things');
    static override readonly PARAMS = ListParams;
    async execute(params: ParamsOf<typeof ListParams>) {
      return listLocal('list_things', params, all, (item) => item);
    }
  }
  class BatchThings extends BaseTool<unknown, typeof ListParams> {
    static override readonly METADATA = meta('batch_things');
    static override readonly PARAMS = ListParams;
    async execute() {
      return runBatch(all, async (item) => item, { field: 'ids', idOf: (item) => item.id, max: 10 });
    }
  }

  it('list results project their items with no projectionRoot() override', async () => {
    const result = await new ListThings().run({ fields: ['id'] }, ctx);
    expect(result.structuredContent ?? JSON.parse(text(result))).toMatchObject({
      items: [{ id: 1 }, { id: 2 }],
    });
    expect(text(result)).not.toContain('secret');
    expect(text(result)).toContain('nextCursor');
  });

  it('batch results project their successful items', async () => {
    const result = await new BatchThings().run({ fields: ['name'] }, ctx);
    expect(text(result)).toContain('"name"');
    expect(text(result)).not.toMatch(/secret|"id"/);
    expect(text(result)).toContain('"total"');
  });

  it('the mark is invisible to JSON and deep equality, and lost by a spread', () => {
    const marked = withProjectionRoot({ items: [1], total: 1 }, 'items');
    expect(projectionRootOf(marked)).toBe('items');
    expect(JSON.stringify(marked)).toBe('{"items":[1],"total":1}');
    expect(marked).toEqual({ items: [1], total: 1 });
    expect(projectionRootOf({ ...marked })).toBeUndefined();
    expect(projectionRootOf(null)).toBeUndefined();
    expect(projectionRootOf('items')).toBeUndefined();
  });
});
