#!/usr/bin/env node
import { runKnowledgeCli } from '../cli/knowledge-cli.ts';

process.exitCode = await runKnowledgeCli(process.argv.slice(2));
