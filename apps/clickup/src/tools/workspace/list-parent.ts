/** Where a list lives: a folder, or a space (folderless). Tools take exactly one of the two ids. */
import { ValidationError } from '@toolsmith/core';
import { folderMissing, spaceMissing } from './hierarchy-hints.ts';

export interface ListParent {
  /** `/folder/{id}` or `/space/{id}`. */
  path: string;
  /** The API error with what to call when the parent does not exist. */
  missing: (error: unknown) => unknown;
}

export function listParent(
  ids: { folder_id?: string | undefined; space_id?: string | undefined },
  toolName: string,
): ListParent {
  if ((ids.folder_id === undefined) === (ids.space_id === undefined)) {
    throw new ValidationError({
      toolName,
      issues: [
        {
          field: 'folder_id',
          message:
            'Pass exactly one of folder_id (lists in a folder) or space_id (folderless lists of a space).',
        },
      ],
    });
  }
  return ids.folder_id !== undefined
    ? { path: `/folder/${ids.folder_id}`, missing: folderMissing }
    : { path: `/space/${ids.space_id!}`, missing: spaceMissing };
}
