/** Compact issue views: a summary for lists, a detail for single reads. */
import { compact, personRef, refKey } from './refs.ts';
import type { ApiIssue } from './tracker-types.ts';

export function toIssueSummary(issue: ApiIssue) {
  return compact({
    key: issue.key,
    summary: issue.summary,
    status: refKey(issue.status),
    type: refKey(issue.type),
    priority: refKey(issue.priority),
    assignee: issue.assignee?.display,
    updatedAt: issue.updatedAt,
    deadline: issue.deadline,
  });
}

export function toIssueDetail(issue: ApiIssue) {
  return compact({
    key: issue.key,
    id: issue.id,
    version: issue.version,
    summary: issue.summary,
    description: issue.description,
    queue: refKey(issue.queue),
    status: refKey(issue.status),
    resolution: refKey(issue.resolution),
    type: refKey(issue.type),
    priority: refKey(issue.priority),
    assignee: personRef(issue.assignee),
    createdBy: personRef(issue.createdBy),
    createdAt: issue.createdAt,
    updatedAt: issue.updatedAt,
    followers: issue.followers?.map((f) => f.display ?? String(f.id)),
    tags: issue.tags,
    components: issue.components?.map((c) => c.display ?? String(c.id)),
    sprint: issue.sprint?.map((s) => s.display ?? String(s.id)),
    parent: issue.parent?.key,
    deadline: issue.deadline,
    storyPoints: issue.storyPoints,
  });
}
