/** components: routes of this API area (research §3.8). */
import type { TrackerRoute } from '../router.ts';

export function componentsRoutes(): TrackerRoute[] {
  return [];
}
