/**
 * Dashboards (the API reference's dashboards section documents create and the "Cycle time" widget;
 * the list and one dashboard with its widgets embedded are as a client observed them — LsMacox
 * yandex-tracker-mcp: `POST /v3/dashboards/_search`, a plain `GET /v3/dashboards` answering 405).
 * Kept in `state.dashboards`, copied by `reset()` as the rest of the state.
 */

export interface WidgetRecord {
  id: number;
  /** The widget kind; the reference documents `cycleTime`. */
  type: string;
  description: string;
  query?: string;
  fromStatuses?: string[];
  toStatuses?: string[];
}

export interface DashboardRecord {
  id: number;
  version: number;
  name: string;
  /** one-column | two-columns | three-columns | narrow-left-wide-right | one-top-two-bottom */
  layout: string;
  owner: string;
  createdAt: string;
  widgets: WidgetRecord[];
}

/** The seed: 1 "Team overview" (alice, two widgets), 2 "Ops health" (bob, one widget). */
export function createDashboardsSeed(at: (hours: number) => string): DashboardRecord[] {
  return [
    {
      id: 1,
      version: 3,
      name: 'Team overview',
      layout: 'two-columns',
      owner: 'alice',
      createdAt: at(0),
      widgets: [
        {
          id: 11,
          type: 'cycleTime',
          description: 'Cycle time, DEMO',
          query: 'Queue: DEMO',
          fromStatuses: ['open'],
          toStatuses: ['closed'],
        },
        {
          id: 12,
          type: 'cycleTime',
          description: 'Review time, DEMO',
          query: 'Queue: DEMO',
          fromStatuses: ['inReview'],
          toStatuses: ['resolved'],
        },
      ],
    },
    {
      id: 2,
      version: 1,
      name: 'Ops health',
      layout: 'one-column',
      owner: 'bob',
      createdAt: at(2),
      widgets: [
        {
          id: 21,
          type: 'cycleTime',
          description: 'Incident cycle time',
          query: 'Queue: OPS',
          fromStatuses: ['open'],
          toStatuses: ['closed'],
        },
      ],
    },
  ];
}
