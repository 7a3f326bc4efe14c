import { describe, expect, it } from '@jest/globals';
import { buildRequestUrl } from './request-url.ts';

describe('buildRequestUrl', () => {
  it('appends the path to the base path, whatever the slashes', () => {
    expect(buildRequestUrl('https://api.example.com/v2', '/issues').href).toBe(
      'https://api.example.com/v2/issues',
    );
    expect(buildRequestUrl('https://api.example.com/v2/', 'issues').href).toBe(
      'https://api.example.com/v2/issues',
    );
    expect(buildRequestUrl('https://api.example.com', '').href).toBe('https://api.example.com/');
  });

  it('encodes scalars, repeats array values and drops null, undefined and empty arrays', () => {
    const url = buildRequestUrl('https://api.example.com', '/search', {
      q: 'status: open & mine',
      page: 2,
      archived: false,
      tag: ['a b', 'c'],
      none: [],
      skip: undefined,
      nil: null,
    });
    expect(url.search).toBe('?q=status%3A+open+%26+mine&page=2&archived=false&tag=a+b&tag=c');
    expect(url.searchParams.getAll('tag')).toEqual(['a b', 'c']);
  });

  it('keeps a query already in the path and adds to it', () => {
    expect(buildRequestUrl('https://api.example.com', '/issues?expand=all', { page: 1 }).href).toBe(
      'https://api.example.com/issues?expand=all&page=1',
    );
  });

  it('accepts an absolute URL on the same origin and refuses another origin', () => {
    expect(
      buildRequestUrl('https://api.example.com/v2', 'https://api.example.com/v2/next?cursor=x').href,
    ).toBe('https://api.example.com/v2/next?cursor=x');
    expect(() => buildRequestUrl('https://api.example.com', 'https://evil.example.net/steal')).toThrow(
      /Refusing to send a request to https:\/\/evil\.example\.net/,
    );
  });
});
