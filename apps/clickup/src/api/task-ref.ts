/**
 * Task references as people and agents write them (research §2.9): regular ids of any length
 * ("9hz", "86b4bnnny", 10-character "wdrv93ebwx"), the "CU-" prefix of the UI and git integrations,
 * task URLs, and custom ids ("DEV-123"), which every task-scoped v2 endpoint accepts only with
 * `custom_task_ids=true&team_id=…` — without them ClickUp answers a misleading 401.
 */
import { ValidationError } from '@toolsmith/core';

export interface TaskRef {
  /** The id to put in the path. */
  id: string;
  custom: boolean;
}

const URL_PATTERN = /^https?:\/\/(?:app\.)?clickup\.com\/t\/(?:\d+\/)?([^/?#\s]+)\/?(?:[?#].*)?$/i;
export const CUSTOM_ID_PATTERN = /^[A-Za-z][A-Za-z0-9]*-\d+$/;

/** Reads a task reference; throws a ValidationError on `field` saying what a reference looks like. */
export function parseTaskRef(input: string, field = 'task_id'): TaskRef {
  let text = input.trim();
  const url = URL_PATTERN.exec(text);
  if (url) text = decodeURIComponent(url[1]!);
  const cu = /^cu-([0-9a-z]+)$/i.exec(text);
  if (cu && cu[1] === cu[1]!.toLowerCase()) return { id: cu[1]!, custom: false };
  if (CUSTOM_ID_PATTERN.test(text)) return { id: text, custom: true };
  if (/^[0-9a-z]+$/.test(text)) return { id: text, custom: false };
  throw new ValidationError({
    issues: [
      {
        field,
        message: `"${input.slice(0, 80)}" is not a task reference. Use the task id ("86b4bnnny"), its custom id ("DEV-123"), "CU-86b4bnnny" or the task URL (https://app.clickup.com/t/86b4bnnny).`,
      },
    ],
  });
}
