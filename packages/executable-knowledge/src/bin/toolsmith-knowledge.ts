#!/usr/bin/env node
import { nodeVersionOk } from '@toolsmith/core/node-version';

// Only the version check is imported statically: on Node < 24 the CLI's imports would fail before a
// line of this file ran.
if (nodeVersionOk('toolsmith-knowledge')) {
  const { runKnowledgeCli } = await import('../cli/knowledge-cli.ts');
  process.exitCode = await runKnowledgeCli(process.argv.slice(2));
}
