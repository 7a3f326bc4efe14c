/** What to call when a space, folder or list id is unknown (appended to the API's not-found error). */
import { withMissingHint } from '../../api/not-found-hint.ts';

export const SPACE_HINT = 'Find the space id with clickup_get_spaces or clickup_get_hierarchy.';
export const FOLDER_HINT = 'Find the folder id with clickup_get_folders (by space) or clickup_get_hierarchy.';
export const LIST_HINT = 'Find the list id with clickup_get_lists or clickup_get_hierarchy.';

export const spaceMissing = (error: unknown) => withMissingHint(error, SPACE_HINT);
export const folderMissing = (error: unknown) => withMissingHint(error, FOLDER_HINT);
export const listMissing = (error: unknown) => withMissingHint(error, LIST_HINT);
