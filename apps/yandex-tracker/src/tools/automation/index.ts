import { CreateAutoactionTool } from './create-autoaction.tool.ts';
import { CreateMacroTool } from './create-macro.tool.ts';
import { CreateTriggerTool } from './create-trigger.tool.ts';
import { GetAutomationsTool } from './get-automations.tool.ts';

/**
 * A queue's automation (`automation` toolset, off by default): its macros, triggers and
 * auto-actions read, and created by the queue's administrator; the queue policy applies.
 */
export function createAutomationTools() {
  return [
    new GetAutomationsTool(),
    new CreateMacroTool(),
    new CreateTriggerTool(),
    new CreateAutoactionTool(),
  ];
}
