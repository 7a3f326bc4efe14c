/**
 * The Entity API's part of the emulator's organisation (research §3.8 "Entity API", the API
 * reference's entities section): projects, portfolios and goals, their comments and their links.
 * Ids are 24 hex digits; `shortId` counts projects and portfolios together ("Project or portfolio
 * ID") and goals apart. Kept in `state.entities`, copied by `reset()` as the rest of the state.
 */

export type EntityType = 'project' | 'portfolio' | 'goal';

export const ENTITY_TYPES: readonly EntityType[] = ['project', 'portfolio', 'goal'];

/**
 * Status keys per type. Assumed sets: the reference names only `draft` and `in_progress` (projects)
 * in its examples and a client observes `achieved` for goals; the rest follow the web UI's statuses.
 */
export const ENTITY_STATUSES: Record<EntityType, readonly string[]> = {
  project: ['draft', 'in_progress', 'launched', 'postponed', 'at_risk', 'blocked', 'cancelled'],
  portfolio: ['draft', 'in_progress', 'launched', 'postponed', 'at_risk', 'blocked', 'cancelled'],
  goal: ['draft', 'in_progress', 'achieved', 'partially_achieved', 'not_achieved', 'at_risk', 'cancelled'],
};

/** Link types between entities (the reference's three). */
export const ENTITY_RELATIONSHIPS = ['relates', 'depends on', 'is dependent by'] as const;

export interface EntityRecord {
  id: string;
  shortId: number;
  type: EntityType;
  version: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  summary: string;
  description?: string;
  author: string;
  lead?: string;
  teamUsers: string[];
  clients: string[];
  followers: string[];
  start?: string;
  end?: string;
  tags: string[];
  /** The parent's id: a portfolio for a project or portfolio, a goal for a goal. */
  parentEntity?: string;
  teamAccess?: boolean;
  entityStatus: string;
  /** Queue keys (projects): `queues` on create, `issueQueues` when read. */
  queues: string[];
  /** A goal's key results. */
  keyResults?: KeyResultRecord[];
}

/** A goal's key result: reached or not (`binary`), or measured (`value`: progress from start to end). */
export interface KeyResultRecord {
  id: string;
  text: string;
  type: 'binary' | 'value';
  assignee?: string;
  /** YYYY-MM-DD. */
  deadline?: string;
  progress?: { start: number; end: number; current: number };
  achieved: boolean;
}

export interface EntityCommentRecord {
  id: number;
  longId: string;
  entity: string;
  text: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  summonees: string[];
  version: number;
}

/** One link, stored once; read from either end (`depends on` seen from the other end is `is dependent by`). */
export interface EntityLinkRecord {
  from: string;
  to: string;
  relationship: (typeof ENTITY_RELATIONSHIPS)[number];
}

export interface EntitiesState {
  records: EntityRecord[];
  comments: EntityCommentRecord[];
  links: EntityLinkRecord[];
}

/** An entity id: 24 hex digits, increasing. */
export const entityIdFor = (n: number) => `6560${n.toString(16).padStart(20, '0')}`;

/**
 * The seed: portfolio "Platform 2027" (shortId 1), projects "Checkout redesign" (2, in the portfolio,
 * queue DEMO) and "Monitoring revamp" (3, OPS), goals "Halve checkout time" (shortId 1) and "Zero
 * P1 incidents" (2, under the first; the first has two key results); a comment on the checkout
 * project; the checkout project relates to the checkout goal.
 */
export function createEntitiesSeed(at: (hours: number) => string): EntitiesState {
  const entity = (
    n: number,
    shortId: number,
    type: EntityType,
    summary: string,
    extra: Partial<EntityRecord>,
  ): EntityRecord => ({
    id: entityIdFor(n),
    shortId,
    type,
    version: 1,
    createdBy: 'alice',
    createdAt: at(n),
    updatedAt: at(n),
    summary,
    author: 'alice',
    teamUsers: [],
    clients: [],
    followers: [],
    tags: [],
    entityStatus: 'draft',
    queues: [],
    ...extra,
  });
  const records = [
    entity(1, 1, 'portfolio', 'Platform 2027', { lead: 'alice', entityStatus: 'in_progress' }),
    entity(2, 2, 'project', 'Checkout redesign', {
      description: 'One-page checkout.',
      lead: 'bob',
      teamUsers: ['bob', 'carol'],
      followers: ['alice'],
      start: '2026-11-01',
      end: '2026-12-31',
      tags: ['checkout'],
      parentEntity: entityIdFor(1),
      entityStatus: 'in_progress',
      queues: ['DEMO'],
    }),
    entity(3, 3, 'project', 'Monitoring revamp', {
      lead: 'dave',
      teamAccess: false,
      queues: ['OPS'],
    }),
    entity(4, 1, 'goal', 'Halve checkout time', {
      lead: 'carol',
      end: '2026-12-31',
      entityStatus: 'in_progress',
      keyResults: [
        {
          id: `6562${'1'.padStart(20, '0')}`,
          text: 'Median checkout under 20 s',
          type: 'value',
          assignee: 'bob',
          deadline: '2026-12-15',
          progress: { start: 40, end: 20, current: 31 },
          achieved: false,
        },
        {
          id: `6562${'2'.padStart(20, '0')}`,
          text: 'One-page checkout shipped',
          type: 'binary',
          achieved: false,
        },
      ],
    }),
    entity(5, 2, 'goal', 'Zero P1 incidents', { lead: 'dave', parentEntity: entityIdFor(4) }),
  ];
  return {
    records,
    comments: [
      {
        id: 1,
        longId: `6561${'1'.padStart(20, '0')}`,
        entity: entityIdFor(2),
        text: 'Design review on Friday.',
        createdBy: 'bob',
        createdAt: at(6),
        updatedAt: at(6),
        summonees: [],
        version: 1,
      },
    ],
    links: [{ from: entityIdFor(2), to: entityIdFor(4), relationship: 'relates' }],
  };
}
