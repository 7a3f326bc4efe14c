#!/usr/bin/env -S node --conditions=@toolsmith/source
/** A bin that imports its server statically (no dynamic import to split at): one ES module bundle. */
import { main } from './echo-cli.ts';

await main();
