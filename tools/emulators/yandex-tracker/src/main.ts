#!/usr/bin/env node
/** Runs the emulator standalone: `node --conditions=@toolsmith/source tools/emulators/yandex-tracker/src/main.ts [port]`. */
import { createTrackerEmulator } from './create-tracker-emulator.ts';

const emulator = await createTrackerEmulator();
console.log(`Yandex Tracker emulator on ${emulator.url}`);
console.log(`  YANDEX_TRACKER_API_BASE=${emulator.url}`);
console.log(`  YANDEX_TRACKER_TOKEN=${emulator.token}`);
console.log(`  YANDEX_ORG_ID=${emulator.orgId}`);
process.on('SIGINT', () => void emulator.close().then(() => process.exit(0)));
