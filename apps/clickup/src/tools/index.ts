/**
 * The one list of tools this server registers: createRegistry() registers exactly these, so
 * tools/list and tools/call cannot disagree. Each area lists its own tools in tools/<area>/index.ts;
 * a tool that is not listed there does not exist for clients.
 */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../deps.ts';
import { taskTools } from './tasks/index.ts';
import { customFieldTools } from './custom-fields/index.ts';
import { commentTools } from './comments/index.ts';
import { workspaceTools } from './workspace/index.ts';
import { memberTools } from './members/index.ts';
import { checklistTools } from './checklists/index.ts';
import { tagTools } from './tags/index.ts';
import { timeTools } from './time/index.ts';
import { attachmentTools } from './attachments/index.ts';
import { relationTools } from './relations/index.ts';
import { viewTools } from './views/index.ts';
import { goalTools } from './goals/index.ts';
import { docTools } from './docs/index.ts';
import { webhookTools } from './webhooks/index.ts';
import { knowledgeTools } from './knowledge/index.ts';

export function createTools(): AnyTool<ClickUpDeps>[] {
  return [
    ...taskTools(),
    ...customFieldTools(),
    ...commentTools(),
    ...workspaceTools(),
    ...memberTools(),
    ...checklistTools(),
    ...tagTools(),
    ...timeTools(),
    ...attachmentTools(),
    ...relationTools(),
    ...viewTools(),
    ...goalTools(),
    ...docTools(),
    ...webhookTools(),
    ...knowledgeTools(),
  ];
}
