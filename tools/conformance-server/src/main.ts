#!/usr/bin/env node
/** Starts the conformance fixture server: `node --conditions=@toolsmith/source src/main.ts --transport http --port P`. */
import { main } from './cli.ts';

await main();
