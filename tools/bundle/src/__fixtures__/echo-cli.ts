/** A one-tool server to bundle in the tests: `echo` returns its text. `main()` serves it. */
import { BaseTool, defineToolMetadata, ToolRegistry } from '@toolsmith/core';
import { runServeCli } from '@toolsmith/core/mcp';
import { z } from 'zod';

const EchoParams = z.object({ text: z.string().min(1).describe('What to say back') });

class EchoTool extends BaseTool<unknown, typeof EchoParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'echo',
    title: 'Echo',
    description: '[Test/Echo] Returns the text it is given.',
    category: 'test',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });

  override getParamsSchema() {
    return EchoParams;
  }

  async execute(params: z.output<typeof EchoParams>) {
    return { echoed: params.text };
  }
}

export async function main(): Promise<void> {
  await runServeCli({
    name: 'echo',
    version: '0.0.0',
    registry: new ToolRegistry().register(new EchoTool()),
    createDeps: () => ({}),
  });
}
