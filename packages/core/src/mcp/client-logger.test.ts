import { describe, expect, it } from '@jest/globals';
import type { LoggingLevel } from '@modelcontextprotocol/server';
import { silentLogger } from '../logging/logger.ts';
import { createClientLogger, scrubForClient } from './client-logger.ts';

function capture(level?: LoggingLevel) {
  const sent: { level: LoggingLevel; data: unknown }[] = [];
  const logger = createClientLogger(
    silentLogger,
    async (lineLevel, data) => void sent.push({ level: lineLevel, data }),
    { name: 'fixture', level, secrets: () => ['tok_123456'] },
  );
  return { logger, sent };
}

describe('createClientLogger: what reaches the client', () => {
  it('sends an Error as its name, message and code: no stack, no own fields, no paths', () => {
    const { logger, sent } = capture();
    const error = Object.assign(new Error("ENOENT: no such file or directory, open '/srv/app/data/x.json'"), {
      code: 'ENOENT',
      path: '/srv/app/data/x.json',
      cause: new TypeError('inner'),
    });
    logger.error('tool call crashed', { tool: 'buggy', error, stack: error.stack });
    expect(sent).toEqual([
      {
        level: 'error',
        data: {
          message: 'tool call crashed',
          tool: 'buggy',
          error: {
            name: 'Error',
            message: "ENOENT: no such file or directory, open '[path]'",
            code: 'ENOENT',
            cause: { name: 'TypeError', message: 'inner' },
          },
        },
      },
    ]);
    const text = JSON.stringify(sent);
    expect(text).not.toContain('stack');
    expect(text).not.toContain(process.cwd());
    expect(text).not.toMatch(/\.ts:\d+/);
  });

  it('cuts stack frames and file paths out of any text, and keeps API paths and URLs', () => {
    const { logger, sent } = capture('debug');
    const stack = new Error('boom').stack ?? '';
    expect(stack).toContain(process.cwd().split('/')[1]!); // a real stack names files on this machine
    logger.warn(`failed: ${stack}`, {
      hint: `see file://${process.cwd()}/x.ts and C:\\Users\\me\\x.ts`,
      api: 'GET /v2/issues/A-1 → 404 (https://api.example.com/v2/issues/A-1)',
    });
    expect(sent[0]?.data).toEqual({
      message: 'failed: Error: boom',
      hint: 'see [path] and [path]',
      api: 'GET /v2/issues/A-1 → 404 (https://api.example.com/v2/issues/A-1)',
    });
  });

  it('still redacts secrets and secret-looking keys', () => {
    const { logger, sent } = capture();
    logger.warn('call', { apiToken: 'abc', header: 'Bearer tok_123456' });
    expect(sent[0]?.data).toEqual({ message: 'call', apiToken: '[REDACTED]', header: 'Bearer [REDACTED]' });
  });
  it('leaves out what nests deeper than 20 levels', () => {
    const { logger, sent } = capture();
    let deep: Record<string, unknown> = { path: '/srv/app/x.ts' };
    for (let i = 0; i < 30; i++) deep = { deep };
    logger.warn('deep', { deep });
    const text = JSON.stringify(sent);
    expect(text).toContain('[nested too deep]');
    expect(text).not.toContain('/srv/');
  });
});

describe('scrubForClient', () => {
  it('replaces absolute paths on this machine, whatever their first folder', () => {
    expect(scrubForClient(`at ${process.cwd()}/src/a.ts:1:2`)).toBe('at [path]');
    expect(scrubForClient('/home/u/p/a.ts and /tmp/x')).toBe('[path] and [path]');
    expect(scrubForClient('/homework/a and ./tmp/x and a/tmp/b')).toBe('/homework/a and ./tmp/x and a/tmp/b');
  });
});
