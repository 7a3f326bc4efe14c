// Public API of the Yandex Tracker emulator (a private tool package, used by tests, the demo and benchmarks).
export {
  createTrackerEmulator,
  type AfterHandlingFault,
  type TrackerEmulator,
  type TrackerEmulatorOptions,
} from './create-tracker-emulator.ts';
export { createSeedState, issueIdFor } from './seed.ts';
export { TrackerHttpError } from './tracker-error.ts';
export { route, respond, created, type TrackerRoute, type RouteContext } from './router.ts';
export type * from './tracker-state.ts';
