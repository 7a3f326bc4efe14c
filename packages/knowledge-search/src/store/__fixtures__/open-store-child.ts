/**
 * A second process on a knowledge store directory (`node --conditions=@toolsmith/source
 * open-store-child.ts <dir>`): opens it and prints one JSON line — `{ "refused": true, "message",
 * "ms" }` (milliseconds from the call to the refusal) or `{ "opened": true, "packs" }`.
 */
import { silentLogger } from '@toolsmith/core';
import { createKnowledgeStore } from '../create-knowledge-store.ts';

const store = createKnowledgeStore({
  directory: process.argv[2]!,
  env: {},
  embeddingModel: null,
  logger: silentLogger,
});
const started = performance.now();
try {
  await store.open();
  process.stdout.write(`${JSON.stringify({ opened: true, packs: await store.packs() })}\n`);
} catch (error) {
  const message = (error as Error).message;
  process.stdout.write(`${JSON.stringify({ refused: true, message, ms: performance.now() - started })}\n`);
} finally {
  await store.close();
}
