import { describe, expect, it } from '@jest/globals';
import { createSeedState } from '../seed.ts';
import { TrackerHttpError } from '../tracker-error.ts';
import { filterPredicate, parseQuery } from './issue-query.ts';
import { resolveNamed } from './issues.ts';

const state = createSeedState();
const keys = (query: string) =>
  state.issues.filter(parseQuery(state, state.me, query).predicate).map((issue) => issue.key);
const rejection = (query: string): TrackerHttpError => {
  try {
    parseQuery(state, state.me, query);
  } catch (error) {
    if (error instanceof TrackerHttpError) return error;
    throw error;
  }
  throw new Error(`parsed: ${query}`);
};

describe('YQL in the emulator', () => {
  it('joins conditions by spaces or AND, and values by commas', () => {
    expect(keys('Queue: OPS')).toEqual(['OPS-1', 'OPS-2', 'OPS-3', 'OPS-4', 'OPS-5']);
    expect(keys('Queue: OPS Status: inProgress')).toEqual(['OPS-2']);
    expect(keys('Queue: OPS AND Status: inProgress')).toEqual(['OPS-2']);
    expect(keys('queue:ops and status:INPROGRESS')).toEqual(['OPS-2']);
    expect(keys('"Queue": WEB, OPS Priority: trivial, blocker')).toEqual(['OPS-2', 'WEB-2']);
    expect(keys('Queue: WEB Status: !open, inProgress')).toEqual(['WEB-3']);
    expect(keys('Queue: WEB Status: ! open')).toEqual(['WEB-1', 'WEB-3']);
  });

  it('knows me(), empty(), notEmpty(), user fields, tags and quoted values', () => {
    expect(keys('Assignee: me()')).toEqual(['DEMO-3', 'WEB-3']);
    expect(keys('Queue: OPS Assignee: empty()')).toEqual(['OPS-4']);
    expect(keys('Queue: WEB Assignee: notEmpty()')).toEqual(['WEB-1', 'WEB-3']);
    expect(keys('Tags: auth')).toEqual(['DEMO-1', 'DEMO-5']);
    expect(keys('Summary: "dark mode"')).toEqual(['DEMO-2']);
    expect(keys('Queue: WEB Summary: ""')).toEqual(['WEB-1', 'WEB-2', 'WEB-3']);
  });

  it('matches free text against summary and description, every word', () => {
    expect(keys('onboarding emails')).toEqual(['DEMO-4']);
    expect(keys('"landing page"')).toEqual(['WEB-1']);
    expect(keys('Queue: DEMO "Seeded by" crash')).toEqual(['DEMO-12']);
    expect(keys('')).toHaveLength(state.issues.length);
  });

  it('reads "Sort by" wherever it stands, quoted or not', () => {
    expect(parseQuery(state, state.me, 'Queue: OPS "Sort by": Updated DESC').sort).toEqual({
      field: 'updatedAt',
      descending: true,
    });
    expect(parseQuery(state, state.me, '"Sort By": Key Queue: OPS').sort).toEqual({
      field: 'key',
      descending: false,
    });
    expect(keys('sort by: key asc Queue: WEB')).toEqual(['WEB-1', 'WEB-2', 'WEB-3']);
    expect(parseQuery(state, state.me, 'Queue: OPS').sort).toBeUndefined();
  });

  it('takes OR (looser than AND) and parentheses', () => {
    expect(keys('Queue: WEB OR Queue: OPS Status: inProgress')).toEqual(['OPS-2', 'WEB-1', 'WEB-2', 'WEB-3']);
    expect(keys('(Queue: WEB OR Queue: OPS) AND Status: inProgress')).toEqual(['OPS-2', 'WEB-1']);
    expect(keys('(Queue: WEB or Queue: OPS) (Assignee: me() or Assignee: erin)')).toEqual(['OPS-5', 'WEB-3']);
    expect(keys('((Priority: blocker))')).toEqual(['DEMO-12', 'OPS-2']);
  });

  it("answers the API's 400 for an unknown field or a syntax error, quoting a short excerpt", () => {
    const unknown = rejection('Queue: OPS Colour: red');
    expect(unknown.status).toBe(400);
    expect(unknown.message).toContain('Unknown field');
    expect(rejection('"Sort by": Colour').message).toContain('Unknown field');
    for (const query of [
      'Queue: OPS OR',
      'OR Queue: OPS',
      'Queue: OPS AND AND Status: open',
      '(Queue: OPS',
      'Queue: OPS)',
      '()',
      'Queue:',
      'Summary: "unclosed',
      '"unclosed',
      `${'('.repeat(100_000)}Queue: OPS${')'.repeat(100_000)}`,
    ]) {
      const error = rejection(query);
      expect({ query, status: error.status }).toEqual({ query, status: 400 });
      expect(error.message).toContain('Query syntax error');
      expect(error.message.length).toBeLessThan(400);
    }
  });
});

describe('filter objects and reference values, strict as in the API', () => {
  const byFilter = (filter: Record<string, unknown>) =>
    state.issues.filter(filterPredicate(state, state.me, filter)).map((issue) => issue.key);
  const refusal = (run: () => unknown): TrackerHttpError => {
    try {
      run();
    } catch (error) {
      if (error instanceof TrackerHttpError) return error;
      throw error;
    }
    throw new Error('accepted');
  };

  it('matches filter values exactly: a display name or another case finds nothing', () => {
    expect(byFilter({ queue: 'OPS', status: 'inProgress' })).toEqual(['OPS-2']);
    expect(byFilter({ queue: 'OPS', status: 'InProgress' })).toEqual([]);
    expect(byFilter({ queue: 'OPS', status: 'In progress' })).toEqual([]);
    expect(byFilter({ queue: 'ops' })).toEqual([]);
    expect(byFilter({ queue: 'OPS', assignee: 'Empty()' })).toEqual(['OPS-4']);
  });

  it('takes filter field ids only as written', () => {
    expect(refusal(() => byFilter({ Status: 'open' })).status).toBe(400);
    expect(refusal(() => byFilter({ STATUS: 'open' })).message).toContain('Unknown field in filter');
  });

  it('takes a priority, type or resolution by key, id or {name}, and refuses its display name or another case', () => {
    expect(resolveNamed(state.priorities, 'critical', 'priority')).toBe('critical');
    expect(resolveNamed(state.priorities, 4, 'priority')).toBe('critical');
    expect(resolveNamed(state.priorities, { key: 'critical' }, 'priority')).toBe('critical');
    expect(resolveNamed(state.priorities, { name: 'Critical' }, 'priority')).toBe('critical');
    for (const value of ['Critical', 'CRITICAL', 'High', { name: 'critical' }]) {
      expect(refusal(() => resolveNamed(state.priorities, value, 'priority')).status).toBe(422);
    }
  });
});

describe('YQL parsing time', () => {
  /** Median of a few runs, so one slow run on a loaded machine does not decide. */
  const parseMs = (query: string): number => {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      parseQuery(state, state.me, query);
      runs.push(performance.now() - start);
    }
    return runs.sort((a, b) => a - b)[2]!;
  };
  const queryOf = (bytes: number) => {
    const parts: string[] = [];
    let length = 0;
    for (let i = 0; length < bytes / 2; i++) {
      const term = `Queue: Q${i} OR (Status: s${i}, "s ${i}" AND Assignee: !u${i}) OR `;
      parts.push(term);
      length += term.length;
    }
    // Half conditions joined by OR, half one long quoted phrase and one long word.
    return `${parts.join('')}Summary: "${'quoted words '.repeat(bytes / 4 / 13)}" ${'w'.repeat(bytes / 4)}`;
  };

  it('is linear: a 200 KB query parses well under a second, about 10× a 20 KB one', () => {
    const small = queryOf(20_000);
    const large = queryOf(200_000);
    expect(large.length).toBeGreaterThan(195_000);
    parseMs(small); // warm up
    const smallMs = parseMs(small);
    const largeMs = parseMs(large);
    expect(largeMs).toBeLessThan(2_000);
    // Quadratic growth would be 100×; linear is 10×. The margin absorbs timer noise at small sizes.
    expect(largeMs).toBeLessThan(20 * smallMs + 50);
  });
});
