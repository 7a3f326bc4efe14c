#!/usr/bin/env -S node --conditions=@toolsmith/source
/** A bin whose server resolves a package with import.meta.resolve, which CommonJS does not have. */
import { enableCompileCache } from 'node:module';

enableCompileCache();
const { main } = await import('./meta-resolve-cli.ts');
await main();
