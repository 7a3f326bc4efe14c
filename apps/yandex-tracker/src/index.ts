// Public API of @toolsmith/yandex-tracker-mcp: embed the Tracker tools in your own server or agent.
export { loadConfig, type TrackerConfig } from './config.ts';
export {
  createDeps,
  createRegistry,
  SERVER_INSTRUCTIONS,
  SERVER_NAME,
  SERVER_VERSION,
  TOOLSETS,
  type CreateDepsOptions,
} from './server.ts';
export { createTools } from './tools/index.ts';
export type { TrackerDeps } from './tools/deps.ts';
export {
  createTrackerClient,
  CONFLICT_HINT,
  type TrackerClient,
  type TrackerClientOptions,
} from './api/tracker-client.ts';
