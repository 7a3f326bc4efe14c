export { createSandboxPool } from './sandbox-pool.ts';
export { DEFAULT_LIMITS as DEFAULT_SANDBOX_LIMITS } from './sandbox-protocol.ts';
export { findHelperPosition, type HelperPosition } from './helper-position.ts';
export type {
  SandboxModule,
  SandboxLimits,
  SandboxRequest,
  SandboxLogEntry,
  SandboxResult,
  SandboxPool,
  SandboxPoolStats,
  SandboxPoolOptions,
} from './sandbox-types.ts';
