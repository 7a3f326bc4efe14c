/**
 * The API's error body, `{"err": "<message>", "ECODE": "<CODE>"}` (research §2.3), as an exception
 * a route throws. The codes the research names are used where it names them; the few the research
 * does not cover are marked "emulator's choice" below (a client must not depend on their spelling).
 */
import type { FakeResponse } from '@toolsmith/testing';

export class ClickUpHttpError extends Error {
  readonly status: number;
  readonly ecode: string | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, err: string, ecode?: string, headers: Record<string, string> = {}) {
    super(err);
    this.status = status;
    this.ecode = ecode;
    this.headers = headers;
  }

  toResponse(): FakeResponse {
    return {
      status: this.status,
      headers: this.headers,
      json: this.ecode === undefined ? { err: this.message } : { err: this.message, ECODE: this.ecode },
    };
  }
}

// Authorization (research §2.3, [doc: Common Errors]).
export const authHeaderRequired = () =>
  new ClickUpHttpError(401, 'Authorization header required', 'OAUTH_017');
export const tokenInvalid = () => new ClickUpHttpError(401, 'Token invalid', 'OAUTH_025');
/** Also the misleading answer to a custom task id sent without `custom_task_ids=true&team_id=` (§1.6 #2). */
export const teamNotAuthorized = () => new ClickUpHttpError(401, 'Team not authorized', 'OAUTH_027');
export const webhookExists = () =>
  new ClickUpHttpError(400, 'Webhook configuration already exists', 'OAUTH_171');

// Tasks (research §2.3, "observed").
export const statusNotFound = () => new ClickUpHttpError(400, 'Status does not exist', 'ITEM_114');
export const parentNotInList = () => new ClickUpHttpError(400, 'Parent not child of list', 'ITEM_137');
export const taskDeleted = () => new ClickUpHttpError(404, 'Task not found, deleted', 'ITEM_013');
export const listNotFound = () => new ClickUpHttpError(404, 'List not found', 'ITEM_015');
/** Observed (a public client's notes, tested against the API 2026-09-02): a list id that is not numeric. */
export const listIdInvalid = () => new ClickUpHttpError(400, 'validateListIDEx List ID invalid', 'INPUT_003');

// Custom fields (research §2.3, "observed").
export const optionIndexOrUuid = () =>
  new ClickUpHttpError(400, 'Value must be an option index or uuid', 'FIELD_011');
export const invalidDate = () => new ClickUpHttpError(400, 'Value is not a valid date', 'FIELD_017');
export const fieldNotInLocation = () =>
  new ClickUpHttpError(400, 'Custom field does not exist in the task location hierarchy', 'FIELD_115');
export const invalidValue = (detail = 'Invalid Value') => new ClickUpHttpError(400, detail, 'FIELD_342');

// ClickApps a route needs (research §2.4, §2.5: "needs ClickApp"). The research names no answer for a
// missing one. Tasks in Multiple Lists: public test fakes of ClickUp clients answer 400 "Tasks in
// multiple lists is not enabled" (ECODE SUBCAT_016 in one, OV_016 in another: unverified, the code
// must not be relied on). Time in Status: no answer observed anywhere; the same 400 shape, no code.
export const tasksInMultipleListsDisabled = () =>
  new ClickUpHttpError(400, 'Tasks in multiple lists is not enabled', 'SUBCAT_016');
export const timeInStatusDisabled = () => new ClickUpHttpError(400, 'Time in Status ClickApp is not enabled');

// Emulator's choice: the research names no code for these.
export const notFound = (what: string) => new ClickUpHttpError(404, `${what} not found`, 'ITEM_100');
export const badRequest = (message: string) => new ClickUpHttpError(400, message, 'INPUT_001');
/** Assumed: the research says a tag must exist in the task's Space (§2.7), not what ClickUp answers. */
export const tagNotFound = () => new ClickUpHttpError(404, 'Tag not found', 'TAGS_001');
export const fileTooLarge = () => new ClickUpHttpError(413, 'File too large', 'ATTCH_003');
export const routeNotFound = () => new ClickUpHttpError(404, 'Route not found', 'APP_001');
export const rateLimited = (headers: Record<string, string>) =>
  new ClickUpHttpError(429, 'Rate limit reached', 'APP_002', headers);
/**
 * Not the API's: a write (or a read by id) in one of the extra, empty workspaces of
 * `createSeedState({ workspaces })`, which the emulator does not model beyond empty lists.
 */
export const emptyWorkspace = (id: string) =>
  new ClickUpHttpError(
    400,
    `Emulator: workspace ${id} is one of the empty extra workspaces; it answers team-scoped reads with empty lists and takes no writes`,
    'EMU_001',
  );
/** An injected server error (no ECODE: the research documents none for 5xx). */
export const serverError = (status: number) => new ClickUpHttpError(status, 'Internal Server Error');
