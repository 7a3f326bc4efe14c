/**
 * Param schemas every ClickUp tool shares, so a task id or a date means the same everywhere.
 */
import { z } from 'zod';

/** A task reference in any form the server accepts (see api/task-ref.ts). */
export const taskIdParam = z.string().min(1).describe('Task id, custom id ("DEV-123") or task URL');

export const listIdParam = z
  .string()
  .regex(/^\d+$/, 'list ids are numbers, e.g. "901234567"')
  .describe('List id');
export const spaceIdParam = z
  .string()
  .regex(/^\d+$/, 'space ids are numbers, e.g. "90123456"')
  .describe('Space id');
export const folderIdParam = z
  .string()
  .regex(/^\d+$/, 'folder ids are numbers, e.g. "90123457"')
  .describe('Folder id');

/**
 * A point in time: ISO 8601 ("2026-11-25", "2026-11-25T14:00:00+03:00") or milliseconds since the
 * epoch; becomes milliseconds (ClickUp's only date format).
 */
export const dateParam = z
  .union([z.number().int(), z.string()])
  .transform((value, ctx) => {
    if (typeof value === 'number') {
      if (value >= 0) return value;
      ctx.addIssue({
        code: 'custom',
        message: `${value} is not a date: milliseconds since the epoch are ≥ 0.`,
      });
      return z.NEVER;
    }
    if (/^\d{11,}$/.test(value)) return Number(value);
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${value.slice(0, 40)}" is not a date. Use ISO 8601 ("2026-11-25" or "2026-11-25T14:00:00Z") or milliseconds since the epoch.`,
      });
      return z.NEVER;
    }
    return ms;
  })
  .describe('ISO 8601 or epoch ms');

export const priorityParam = z.enum(['urgent', 'high', 'normal', 'low']).describe('Priority');

/** ClickUp's priority numbers (1 urgent … 4 low). */
export const PRIORITY_NUMBER = { urgent: 1, high: 2, normal: 3, low: 4 } as const;
