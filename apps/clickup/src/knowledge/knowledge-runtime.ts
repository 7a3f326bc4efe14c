/**
 * The part of @toolsmith/executable-knowledge that runs the pack — loader (js-yaml, ajv), resolver,
 * sandbox pool, processors — imported with `await import('./knowledge-runtime.ts')` on the first
 * guarded write or webhook event. Behind this one dynamic import the bundled bin keeps it in a chunk
 * of its own, which a start that only lists tools never loads (docs/performance.md, ClickUp server).
 */
export {
  createSandboxPool,
  loadToolDefinition,
  ProcessorEngine,
  ToolHelperExecutor,
  ToolResolver,
} from '@toolsmith/executable-knowledge';
