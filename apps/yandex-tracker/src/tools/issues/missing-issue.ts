/** Whether a 404 is about the issue itself (not a comment, link or other sub-resource of it). */
import { NotFoundError } from '@toolsmith/core';

export function isMissingIssue(error: unknown): boolean {
  return (
    NotFoundError.isInstance(error) &&
    /задача не существует|issue (?:does )?not (?:exist|found)/i.test(error.message)
  );
}
