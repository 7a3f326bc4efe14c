#!/usr/bin/env -S node --conditions=@toolsmith/source
/** A bin as the apps write theirs: the compile cache on, then the server imported dynamically. */
import { enableCompileCache } from 'node:module';

enableCompileCache();
const { main } = await import('./echo-cli.ts');
await main();
