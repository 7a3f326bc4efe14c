import { describe, expect, it } from '@jest/globals';
import { projectFields } from './field-projection.ts';

describe('projectFields', () => {
  const issue = {
    key: 'Q-1',
    summary: 'Broken',
    status: { key: 'open', display: 'Open' },
    links: [
      { type: 'relates', object: { key: 'Q-2', summary: 'x' } },
      { type: 'blocks', object: { key: 'Q-3', summary: 'y' } },
    ],
  };

  it('picks dot paths, mapping through arrays', () => {
    expect(projectFields(issue, ['key', 'status.key', 'links.object.key']).value).toEqual({
      key: 'Q-1',
      status: { key: 'open' },
      links: [{ object: { key: 'Q-2' } }, { object: { key: 'Q-3' } }],
    });
  });

  it('projects every element of an array result', () => {
    expect(projectFields([issue, { ...issue, key: 'Q-9' }], ['key']).value).toEqual([
      { key: 'Q-1' },
      { key: 'Q-9' },
    ]);
  });

  it('reports unmatched paths and what is available', () => {
    const result = projectFields(issue, ['key', 'assignee.login']);
    expect(result.unmatched).toEqual(['assignee.login']);
    expect(result.available).toEqual([
      'key',
      'summary',
      'status',
      'status.key',
      'status.display',
      'links',
      'links.type',
      'links.object',
    ]);
  });
});
