#!/usr/bin/env -S node --conditions=@toolsmith/source
/** A bin whose server awaits at its top level: it cannot be CommonJS, so it stays an ES module. */
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./echo-server.ts');
