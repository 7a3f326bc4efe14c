#!/usr/bin/env node
/**
 * The standalone ClickUp emulator, `npm run emulator -- clickup [--host H] [--port P]` (this
 * package's `clickup-emulator` bin): see cli/run-standalone.ts.
 */
import { runStandalone } from './cli/run-standalone.ts';

process.exitCode = await runStandalone(process.argv.slice(2));
