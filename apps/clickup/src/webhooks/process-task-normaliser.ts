/**
 * Normalises stored payloads with the knowledge pack's `process-task` processor
 * (knowledge/processors/process-task.js), run in the executable-knowledge sandbox. The pack, its
 * runtime and the sandbox host process are loaded on the first event, not at start.
 */
import type { ProcessorEngine } from '@toolsmith/executable-knowledge';
import { findPackFile } from '../knowledge/pack-location.ts';
import type { NormalisedEvent, WebhookFormat } from './webhook-event-store.ts';

export interface WebhookNormaliser {
  normalise(payload: unknown): Promise<NormalisedEvent>;
  close(): Promise<void>;
}

interface ProcessTaskResult {
  webhook: { format: WebhookFormat; event: string | null };
  task: { id: string | null } | null;
  hierarchy: { list: { id: string | null } | null };
  changes: unknown[];
  summary: string;
}

export function createProcessTaskNormaliser(options: { packFile?: string } = {}): WebhookNormaliser {
  let engine: Promise<{ engine: ProcessorEngine; close: () => Promise<void> }> | undefined;
  const load = async () => {
    const runtime = await import('../knowledge/knowledge-runtime.ts');
    const definition = await runtime.loadToolDefinition(options.packFile ?? findPackFile());
    // One host process: a processor call takes about a millisecond, and intake is I/O-bound.
    const pool = runtime.createSandboxPool({ size: 1 });
    return {
      engine: new runtime.ProcessorEngine(definition, new runtime.ToolHelperExecutor(definition, pool)),
      close: () => pool.close(),
    };
  };
  return {
    async normalise(payload) {
      engine ??= load().catch((error: unknown) => {
        engine = undefined; // the next event tries again
        throw error;
      });
      const { value } = await (await engine).engine.run<ProcessTaskResult>('process-task', payload);
      return {
        format: value.webhook.format,
        event: value.webhook.event,
        taskId: value.task?.id ?? null,
        listId: value.hierarchy.list?.id ?? null,
        summary: value.summary,
        changes: value.changes,
      };
    },
    async close() {
      const loaded = engine;
      engine = undefined;
      if (loaded) await (await loaded.catch(() => undefined))?.close();
    },
  };
}
