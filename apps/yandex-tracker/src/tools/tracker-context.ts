/**
 * What a Tracker tool's `execute` receives: core's ToolContext over the Tracker's deps. Beside
 * deps.ts, and importing nothing else, so any file may take it without closing a circle through
 * the tools' helpers.
 */
import type { ToolContext } from '@toolsmith/core';
import type { TrackerDeps } from '../deps.ts';

export type TrackerCtx = ToolContext<TrackerDeps>;
