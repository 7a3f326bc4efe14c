import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { AddBookTool, GetBookTool } from '../__fixtures__/fixture-tools.ts';
import { runServeCli } from '../mcp/serve-cli.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import { BaseTool } from './base-tool.ts';
import {
  collectDefinitions,
  DEFINITIONS_OUT_ENV,
  PRECOMPUTED_DEFINITIONS,
  type PrecomputedDefinitions,
} from './precomputed-definitions.ts';
import type { ToolDefinition } from './tool-definition.ts';
import { defineToolMetadata } from './tool-metadata.ts';

const install = (definitions: PrecomputedDefinitions | undefined) => {
  (globalThis as { [PRECOMPUTED_DEFINITIONS]?: PrecomputedDefinitions })[PRECOMPUTED_DEFINITIONS] =
    definitions;
};

const recorded = (name: string): ToolDefinition => ({
  name,
  description: 'recorded when the bundle was built',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
});

const Params = z.object({ queue: z.string() });

/** A tool whose definition depends on run-time configuration: never recorded. */
class ConfiguredTool extends BaseTool<unknown, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'configured',
    description: '[Test/Configured] Its description comes from configuration.',
    category: 'test',
    annotations: { readOnlyHint: true },
  });
  override get precomputable() {
    return false;
  }
  override getParamsSchema() {
    return Params;
  }
  async execute() {
    return 'ok';
  }
}

/** A tool made at run time (its metadata is not its class's): never recorded. */
class DynamicTool extends BaseTool<unknown, typeof Params> {
  readonly #name: string;
  constructor(name: string) {
    super();
    this.#name = name;
  }
  override get metadata() {
    return defineToolMetadata({
      name: this.#name,
      description: '[Test/Dynamic] Made at run time.',
      category: 'test',
      annotations: { readOnlyHint: true },
    });
  }
  override getParamsSchema() {
    return Params;
  }
  async execute() {
    return 'ok';
  }
}

interface Described {
  title?: string;
  description: string;
  readOnly: boolean;
}

/** Metadata made at run time (named and described by its server), a fixed schema: says it is precomputable. */
class DescribedTool extends BaseTool<unknown, typeof Params> {
  readonly #described: Described;
  constructor(described: Described) {
    super();
    this.#described = described;
  }
  override get metadata() {
    return defineToolMetadata({
      name: 'described',
      ...(this.#described.title !== undefined ? { title: this.#described.title } : {}),
      description: this.#described.description,
      category: 'test',
      annotations: this.#described.readOnly
        ? { readOnlyHint: true }
        : { readOnlyHint: false, destructiveHint: false },
    });
  }
  override get precomputable() {
    return true;
  }
  override getParamsSchema() {
    return Params;
  }
  async execute() {
    return 'ok';
  }
}

afterEach(() => install(undefined));

describe('precomputed definitions', () => {
  it('BaseTool.getDefinition serves the recorded definition of a tool of that name and class', () => {
    install({ add_book: { class: 'AddBookTool', definition: recorded('add_book') } });
    expect(new AddBookTool().getDefinition()).toEqual(recorded('add_book'));
  });

  it('generates the definition when the class differs, the name is unknown or nothing was recorded', () => {
    const generated = new AddBookTool().getDefinition();
    install({ add_book: { class: 'SomeOtherTool', definition: recorded('add_book') } });
    expect(new AddBookTool().getDefinition()).toEqual(generated);
    expect(new GetBookTool().getDefinition().name).toBe('get_book');
  });

  it('never serves a recorded definition to a tool that is not precomputable', () => {
    install({
      configured: { class: 'ConfiguredTool', definition: recorded('configured') },
      made: { class: 'DynamicTool', definition: recorded('made') },
    });
    expect(new ConfiguredTool().getDefinition().description).toContain('comes from configuration');
    expect(new DynamicTool('made').getDefinition().description).toContain('Made at run time');
    expect(new AddBookTool().precomputable).toBe(true);
  });

  it('serves a run-time-described tool its recording only while title, description and annotations match', () => {
    const atBuild: Described = {
      title: 'Described',
      description: '[Test/Described] As built.',
      readOnly: true,
    };
    const recording: ToolDefinition = {
      ...new DescribedTool(atBuild).getDefinition(),
      inputSchema: { type: 'object', properties: {} },
    };
    install({ described: { class: 'DescribedTool', definition: recording } });
    const variants: Described[] = [
      atBuild,
      { ...atBuild, description: '[Test/Described] Configured otherwise.' },
      { description: atBuild.description, readOnly: true },
      { ...atBuild, title: 'Another title' },
      { ...atBuild, readOnly: false },
    ];
    for (const variant of variants) {
      const definition = new DescribedTool(variant).getDefinition();
      const same =
        variant.title === atBuild.title &&
        variant.description === atBuild.description &&
        variant.readOnly === atBuild.readOnly;
      // The recording (its marker: no properties) only when nothing differs; else generated afresh.
      expect(Object.keys(definition.inputSchema.properties ?? {}).length === 0).toBe(same);
      expect(definition.description).toBe(variant.description);
      expect(definition.title).toBe(variant.title);
      expect(definition.annotations?.readOnlyHint).toBe(variant.readOnly);
    }
  });

  it('collectDefinitions records every precomputable tool by name, with its class', () => {
    const all = collectDefinitions([
      new AddBookTool(),
      new GetBookTool(),
      new ConfiguredTool(),
      new DynamicTool('made'),
    ]);
    expect(Object.keys(all)).toEqual(['add_book', 'get_book']);
    expect(all['add_book']).toEqual({ class: 'AddBookTool', definition: new AddBookTool().getDefinition() });
  });

  it(`runServeCli with ${DEFINITIONS_OUT_ENV} writes the definitions of search_tools and every registered tool, and serves nothing`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolsmith-definitions-'));
    try {
      const file = join(dir, 'definitions.json');
      let depsCreated = false;
      const running = await runServeCli({
        name: 'books',
        version: '0.0.0',
        registry: new ToolRegistry().register(new AddBookTool(), new GetBookTool()),
        createDeps: () => {
          depsCreated = true;
          return {};
        },
        argv: ['--toolsets', 'no-such-toolset'],
        env: { [DEFINITIONS_OUT_ENV]: file },
        handleSignals: false,
      });
      expect(running).toBeUndefined();
      expect(depsCreated).toBe(false);
      const written = JSON.parse(readFileSync(file, 'utf8')) as PrecomputedDefinitions;
      expect(Object.keys(written).sort()).toEqual(['add_book', 'get_book', 'search_tools']);
      expect(written['add_book']).toEqual(collectDefinitions([new AddBookTool()])['add_book']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
