/** Every route of the emulator. Each API area lives in its own module. */
import type { ClickUpRoute } from '../router.ts';
import { attachmentRoutes } from './attachments.ts';
import { chatRoutes } from './chat.ts';
import { checklistRoutes } from './checklists.ts';
import { commentRoutes } from './comments.ts';
import { customFieldRoutes } from './custom-fields.ts';
import { docRoutes } from './docs.ts';
import { folderRoutes } from './folders.ts';
import { goalRoutes } from './goals.ts';
import { guestRoutes } from './guests.ts';
import { keyResultRoutes } from './key-results.ts';
import { listRoutes } from './lists.ts';
import { planRoutes } from './plan.ts';
import { relationshipRoutes } from './relationships.ts';
import { spaceRoutes } from './spaces.ts';
import { tagRoutes } from './tags.ts';
import { taskLocationRoutes } from './task-locations.ts';
import { taskMergeRoutes } from './task-merge.ts';
import { taskRoutes } from './tasks.ts';
import { templateRoutes } from './templates.ts';
import { timeInStatusRoutes } from './time-in-status.ts';
import { timeEntryTagRoutes } from './time-entry-tags.ts';
import { timeTrackingRoutes } from './time-tracking.ts';
import { userGroupRoutes } from './user-groups.ts';
import { viewRoutes } from './views.ts';
import { webhookRoutes } from './webhooks.ts';
import { workspaceRoutes } from './workspace.ts';

export interface RouteConfig {
  customFieldUseLimit: number;
}

export function allRoutes(config: RouteConfig): ClickUpRoute[] {
  return [
    ...workspaceRoutes(),
    ...planRoutes(),
    ...userGroupRoutes(),
    ...guestRoutes(),
    ...spaceRoutes(),
    ...folderRoutes(),
    ...listRoutes(),
    ...taskRoutes(),
    ...templateRoutes(),
    ...timeInStatusRoutes(),
    ...taskLocationRoutes(),
    ...taskMergeRoutes(),
    ...customFieldRoutes(config),
    ...commentRoutes(),
    ...checklistRoutes(),
    ...tagRoutes(),
    ...timeEntryTagRoutes(),
    ...timeTrackingRoutes(),
    ...attachmentRoutes(),
    ...relationshipRoutes(),
    ...viewRoutes(),
    ...goalRoutes(),
    ...keyResultRoutes(),
    ...docRoutes(),
    ...chatRoutes(),
    ...webhookRoutes(),
  ];
}
