/**
 * Relationship checks before a write, where the API would refuse it after the fact or apply it
 * wrongly: each reads what it needs (one GET, or the cached reference data) and refuses naming the
 * valid target. Nothing is sent when one fails.
 */
import { NotFoundError, ValidationError } from '@toolsmith/core';
import type { TrackerCtx } from '../tracker-context.ts';

/** Refuses `issueId` in `field` when no such issue exists (a parent, a link target). */
export async function assertIssueExists(
  ctx: TrackerCtx,
  toolName: string,
  field: string,
  issueId: string,
): Promise<void> {
  try {
    await ctx.deps.client.get(`/v3/issues/${encodeURIComponent(issueId)}`, {
      query: { fields: 'key' },
      signal: ctx.signal,
    });
  } catch (error) {
    if (!NotFoundError.isInstance(error)) return; // not this check's business: the write will say
    const upper = issueId.toUpperCase();
    throw new ValidationError({
      toolName,
      issues: [
        {
          field,
          message: `No issue ${issueId} exists or is visible to this account.${upper !== issueId && /^[a-z]/i.test(issueId) ? ` Issue keys are case-sensitive: did you mean ${upper}?` : ''} Find issues with tracker_find_issues. Nothing was sent.`,
        },
      ],
    });
  }
}

/** A refusal of one field, before anything is sent. */
export function refuse(toolName: string, field: string, message: string): ValidationError {
  return new ValidationError({ toolName, issues: [{ field, message }] });
}
