/** Every route of the emulator. Each API area lives in its own module. */
import type { TrackerRoute } from '../router.ts';
import { attachmentsRoutes } from './attachments.ts';
import { automationRoutes } from './automation.ts';
import { boardsRoutes } from './boards.ts';
import { bulkChangeRoutes } from './bulkchange.ts';
import { checklistsRoutes } from './checklists.ts';
import { commentsRoutes } from './comments.ts';
import { componentsRoutes } from './components.ts';
import { dashboardsRoutes } from './dashboards.ts';
import { entitiesRoutes } from './entities.ts';
import { fieldsRoutes } from './fields.ts';
import { filtersRoutes } from './filters.ts';
import { issueRoutes } from './issues.ts';
import { linksRoutes } from './links.ts';
import { projectsRoutes } from './projects.ts';
import { queuesRoutes } from './queues.ts';
import { referenceRoutes } from './reference.ts';
import { usersRoutes } from './users.ts';
import { versionsRoutes } from './versions.ts';
import { worklogsRoutes } from './worklogs.ts';

export function allRoutes(): TrackerRoute[] {
  // Specific paths (`/issues/_search`, `/issues/:key/comments`) are listed before generic ones.
  return [
    ...commentsRoutes(),
    ...linksRoutes(),
    ...attachmentsRoutes(),
    ...checklistsRoutes(),
    ...worklogsRoutes(),
    ...issueRoutes(),
    ...queuesRoutes(),
    ...componentsRoutes(),
    ...projectsRoutes(),
    ...fieldsRoutes(),
    ...referenceRoutes(),
    ...usersRoutes(),
    ...boardsRoutes(),
    ...filtersRoutes(),
    ...versionsRoutes(),
    ...bulkChangeRoutes(),
    ...entitiesRoutes(),
    ...automationRoutes(),
    ...dashboardsRoutes(),
  ];
}
