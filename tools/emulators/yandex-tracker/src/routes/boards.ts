/** boards: routes of this API area (research §3.8). */
import type { TrackerRoute } from '../router.ts';

export function boardsRoutes(): TrackerRoute[] {
  return [];
}
