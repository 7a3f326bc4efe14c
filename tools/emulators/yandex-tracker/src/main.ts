#!/usr/bin/env node
/**
 * The standalone emulator command, `npm run emulator -- <name> [--host H] [--port P]` (this package's
 * `yandex-tracker-emulator` bin): see cli/emulator-cli.ts. Another emulator is one more entry here.
 */
import { runEmulatorCli } from './cli/emulator-cli.ts';
import { trackerStandalone } from './standalone.ts';

process.exitCode = await runEmulatorCli(process.argv.slice(2), { 'yandex-tracker': trackerStandalone });
