/** The one list of Tracker tools. Listing and dispatch both come from the registry built from it. */
import { createAttachmentTools } from './attachments/index.ts';
import { createBoardTools } from './boards/index.ts';
import { createBulkTools } from './bulk/index.ts';
import { createChecklistTools } from './checklists/index.ts';
import { createCommentTools } from './comments/index.ts';
import { createComponentTools } from './components/index.ts';
import { createIssueTools } from './issues/index.ts';
import { createMetaTools } from './meta/index.ts';
import { createProjectTools } from './projects/index.ts';
import { createQueueTools } from './queues/index.ts';
import { createReferenceTools } from './reference/index.ts';
import { createUserTools } from './users/index.ts';
import { createWorklogTools } from './worklogs/index.ts';

export function createTools() {
  return [
    ...createIssueTools(),
    ...createCommentTools(),
    ...createAttachmentTools(),
    ...createChecklistTools(),
    ...createWorklogTools(),
    ...createComponentTools(),
    ...createProjectTools(),
    ...createQueueTools(),
    ...createBulkTools(),
    ...createReferenceTools(),
    ...createUserTools(),
    ...createBoardTools(),
    ...createMetaTools(),
  ];
}
