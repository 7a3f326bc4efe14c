/**
 * The test fixture of the layout: a ClickUp tool's ctx on the ClickUp API emulator (real HTTP, the
 * real client), for tests that run a tool through BaseTool.run — emulated-clickup.ts, which the area
 * tests use too. `openTestContext()` starts the emulator, `close()` stops it and the deps.
 */
import { emulatedClickUp, type EmulatedClickUp } from './emulated-clickup.ts';

/** What a tool test works with: the emulator, the deps, a ctx per call, and close(). */
export type TestContext = EmulatedClickUp;

export function openTestContext(): Promise<TestContext> {
  return emulatedClickUp();
}
