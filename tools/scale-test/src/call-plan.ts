/**
 * What the clients call, and the answer each call must get: read-only Tracker tools over the
 * emulator's seed data (whose answers are known in advance), and now and then a write — a comment
 * with a unique text, so the run can count afterwards that each one was made exactly once.
 */
import type { TrackerState } from '@toolsmith/yandex-tracker-emulator';

export interface PlannedCall {
  tool: string;
  args: Record<string, unknown>;
  /** Changes data: never retried. For a write, `marker` is the comment text. */
  write: boolean;
  marker?: string;
  /** Why the result is wrong, or undefined when it is right. */
  check(json: unknown): string | undefined;
}

/** Facts of the seed data the checks rely on. Writes only add comments, so these hold all run. */
export interface SeedFacts {
  /** Issue keys by queue, e.g. `{ DEMO: ['DEMO-1', …] }`. */
  issuesByQueue: Record<string, string[]>;
  /** Every issue key, sorted. */
  keys: string[];
}

export function seedFacts(state: TrackerState): SeedFacts {
  const issuesByQueue: Record<string, string[]> = {};
  for (const issue of state.issues) (issuesByQueue[issue.queue] ??= []).push(issue.key);
  return { issuesByQueue, keys: state.issues.map((i) => i.key).sort() };
}

type Json = Record<string, unknown>;
const obj = (json: unknown): Json => (json !== null && typeof json === 'object' ? (json as Json) : {});
const itemsOf = (json: unknown): Json[] =>
  Array.isArray(obj(json).items) ? (obj(json).items as Json[]) : [];

/** The issue client `client` writes its comments on. */
export function writeIssue(facts: SeedFacts, client: number): string {
  return facts.keys[client % facts.keys.length]!;
}

/**
 * The call of client `client` at step `step`: a cycle of eight, seven reads then one write,
 * shifted per client so that all kinds are in flight at any moment.
 */
export function plannedCall(facts: SeedFacts, runId: string, client: number, step: number): PlannedCall {
  const queues = Object.keys(facts.issuesByQueue).sort();
  const queue = queues[(client + step) % queues.length]!;
  const expected = facts.issuesByQueue[queue]!;
  const issue = facts.keys[(client * 7 + step * 3) % facts.keys.length]!;
  const other = facts.keys[(client * 7 + step * 3 + 5) % facts.keys.length]!;
  switch ((client + step) % 8) {
    case 0:
    case 4:
      return {
        tool: 'tracker_find_issues',
        args: { queueId: queue },
        write: false,
        check: (json) =>
          obj(json).total === expected.length &&
          itemsOf(json).every((i) => String(i.key).startsWith(`${queue}-`))
            ? undefined
            : `expected ${expected.length} issues of ${queue}`,
      };
    case 1:
    case 6: {
      const wanted = [issue, other].sort();
      return {
        tool: 'tracker_get_issues',
        args: { issueIds: [issue, other] },
        write: false,
        check: (json) => {
          const got = (Array.isArray(obj(json).successful) ? (obj(json).successful as Json[]) : [])
            .map((i) => String(i.key))
            .sort();
          return JSON.stringify(got) === JSON.stringify(wanted) ? undefined : `expected ${wanted.join(', ')}`;
        },
      };
    }
    case 2:
      return {
        tool: 'tracker_count_issues',
        args: { query: `Queue: ${queue}` },
        write: false,
        check: (json) =>
          obj(json).count === expected.length ? undefined : `expected count ${expected.length}`,
      };
    case 3:
      return {
        tool: 'tracker_get_issue_transitions',
        args: { issueId: issue },
        write: false,
        check: (json) => (itemsOf(json).length > 0 ? undefined : 'expected transitions'),
      };
    case 5:
      return {
        tool: 'tracker_get_comments',
        args: { issueId: issue },
        write: false,
        check: (json) => (Array.isArray(obj(json).items) ? undefined : 'expected a list of comments'),
      };
    default: {
      const marker = `scale-test ${runId}: client ${client}, step ${step}`;
      return {
        tool: 'tracker_add_comment',
        args: { issueId: writeIssue(facts, client), text: marker },
        write: true,
        marker,
        check: (json) =>
          typeof obj(json).commentId === 'number' && obj(json).text === marker
            ? undefined
            : 'expected the new comment',
      };
    }
  }
}
