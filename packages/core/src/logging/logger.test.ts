import { describe, expect, it } from '@jest/globals';
import { createStreamLogger } from './logger.ts';
import { redactUrl } from './redact.ts';

describe('createStreamLogger', () => {
  it('writes JSON lines, filters by level and never leaks secrets', () => {
    const lines: string[] = [];
    const logger = createStreamLogger({
      level: 'info',
      write: (l) => lines.push(l),
      secrets: ['y0urT0kenValue'],
      now: () => new Date('2026-01-01T00:00:00Z'),
    }).child({ tool: 'x' });
    logger.debug('hidden');
    logger.info('calling', {
      url: 'https://api.test/?token=y0urT0kenValue',
      headers: { authorization: 'OAuth y0urT0kenValue' },
    });
    logger.error('failed', { error: new Error('bad token y0urT0kenValue') });
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toContain('y0urT0kenValue');
    expect(JSON.parse(lines[0]!)).toEqual({
      time: '2026-01-01T00:00:00.000Z',
      level: 'info',
      msg: 'calling',
      tool: 'x',
      url: 'https://api.test/?token=[REDACTED]',
      headers: { authorization: '[REDACTED]' },
    });
    expect(JSON.parse(lines[1]!).error.message).toBe('bad token [REDACTED]');
  });

  it('redacts secret query parameters and userinfo in URLs', () => {
    expect(redactUrl('https://user:pw@api.test/x?api_key=abc&q=1')).toBe(
      'https://redacted:redacted@api.test/x?api_key=%5BREDACTED%5D&q=1',
    );
  });
});
