/** Params the checklist tools share, and the sentence that says where checklist ids come from. */
import { z } from 'zod';

const UUID = /^[\da-fA-F-]{36}$/;

export const checklistIdParam = z
  .string()
  .regex(UUID, 'checklist ids are UUIDs: read them with clickup_get_task include ["checklists"]')
  .describe('Checklist id (UUID)');

export const checklistItemIdParam = z
  .string()
  .regex(UUID, 'checklist item ids are UUIDs: read them with clickup_get_task include ["checklists"]')
  .describe('Checklist item id (UUID)');

export const checklistNameParam = z.string().trim().min(1).max(1000);

export const CHECKLIST_NOT_FOUND_HINT =
  'Read the task\'s checklists and item ids with clickup_get_task include ["checklists"].';
