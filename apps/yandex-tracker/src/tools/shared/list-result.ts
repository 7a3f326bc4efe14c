/** Tracker's list tools share core's list shape and paging (`@toolsmith/core`, list/). */
import type { ToolContext } from '@toolsmith/core';
import type { TrackerDeps } from '../deps.ts';

export { chooseView, listAfter, listLocal, listPages, type ListResult } from '@toolsmith/core';

export type TrackerCtx = ToolContext<TrackerDeps>;
