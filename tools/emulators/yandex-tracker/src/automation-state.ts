/**
 * A queue's automation (the API reference's macros, triggers and auto-actions): macros (a comment
 * template and field changes applied by hand), triggers (actions on conditions, when an issue
 * changes) and auto-actions (actions on the issues a filter or query selects, on a schedule). Kept in
 * `state.automation`, copied by `reset()` as the rest of the state.
 */

/** Action types: the reference's lists for triggers and for auto-actions. */
export const TRIGGER_ACTIONS = [
  'Transition',
  'Update',
  'Move',
  'Event.comment-create',
  'CreateChecklist',
  'Webhook',
  'CalculateFormula',
  'Event.create',
] as const;
export const AUTOACTION_ACTIONS = [
  'Transition',
  'Update',
  'Event.comment-create',
  'Webhook',
  'CalculateFormula',
] as const;

export interface MacroRecord {
  id: number;
  queue: string;
  name: string;
  body?: string;
  /** Field id → the change (a value, null, or `{add|remove|set: …}`). */
  issueUpdate: Record<string, unknown>;
}

export interface TriggerRecord {
  id: number;
  queue: string;
  name: string;
  order: string;
  version: number;
  active: boolean;
  actions: Record<string, unknown>[];
  conditions: Record<string, unknown>[];
}

export interface AutoactionRecord {
  id: number;
  queue: string;
  name: string;
  version: number;
  active: boolean;
  created: string;
  updated: string;
  filter?: Record<string, unknown>;
  query?: string;
  actions: Record<string, unknown>[];
  enableNotifications: boolean;
  intervalMillis: number;
}

export interface AutomationState {
  macros: MacroRecord[];
  triggers: TriggerRecord[];
  autoactions: AutoactionRecord[];
}

/**
 * The seed: DEMO has the macro 1 "Need info", the triggers 1 "Reopen on comment" (active) and 2 "Tag
 * regressions" (inactive) and the auto-action 1 "Nudge stale work"; OPS has the trigger 3 "Page on
 * blocker". alice (the token owner) administers DEMO only (its lead), so her automation writes in
 * OPS and WEB are refused (403).
 */
export function createAutomationSeed(at: (hours: number) => string): AutomationState {
  return {
    macros: [
      {
        id: 1,
        queue: 'DEMO',
        name: 'Need info',
        body: 'Please add the steps to reproduce.\n{{currentUser}}',
        issueUpdate: { tags: { add: ['needinfo'] } },
      },
    ],
    triggers: [
      {
        id: 1,
        queue: 'DEMO',
        name: 'Reopen on comment',
        order: '0.0001',
        version: 1,
        active: true,
        actions: [{ type: 'Transition', status: 'open' }],
        conditions: [{ type: 'CommentStringMatchCondition', word: 'reopen' }],
      },
      {
        id: 2,
        queue: 'DEMO',
        name: 'Tag regressions',
        order: '0.0002',
        version: 1,
        active: false,
        actions: [{ type: 'Update', tags: { add: ['regression'] } }],
        conditions: [{ type: 'CommentStringMatchCondition', word: 'regression' }],
      },
      {
        id: 3,
        queue: 'OPS',
        name: 'Page on blocker',
        order: '0.0001',
        version: 1,
        active: true,
        actions: [{ type: 'Webhook', endpoint: 'https://pager.example.org/hook', method: 'POST' }],
        conditions: [{ type: 'CommentStringMatchCondition', word: 'blocker' }],
      },
    ],
    autoactions: [
      {
        id: 1,
        queue: 'DEMO',
        name: 'Nudge stale work',
        version: 1,
        active: true,
        created: at(0),
        updated: at(0),
        query: 'Status: inProgress Updated: < now()-14d',
        actions: [{ type: 'Event.comment-create', text: 'Still in progress?' }],
        enableNotifications: false,
        intervalMillis: 86_400_000,
      },
    ],
  };
}
