#!/usr/bin/env node
import { nodeVersionProblem } from './node-version.ts';

// Only the version check is imported statically: on Node < 24 the CLI's imports would fail before a
// line of this file ran.
const problem = nodeVersionProblem('toolsmith-knowledge');
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exitCode = 1;
} else {
  const { runKnowledgeCli } = await import('../cli/knowledge-cli.ts');
  process.exitCode = await runKnowledgeCli(process.argv.slice(2));
}
