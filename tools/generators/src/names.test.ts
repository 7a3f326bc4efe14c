import { describe, expect, it } from '@jest/globals';
import { GeneratorError } from './generator-error.ts';
import { assertAreaName, assertServerName, envPrefix, normalizePrefix, toolNames } from './names.ts';

function usageError(run: () => unknown): GeneratorError {
  try {
    run();
  } catch (error) {
    if (GeneratorError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a GeneratorError');
}

describe('toolNames', () => {
  it('derives every spelling from kebab or snake input, with the prefix', () => {
    for (const input of ['get-work-item', 'get_work_item']) {
      expect(toolNames(input, 'tracker', 'issues')).toEqual({
        toolName: 'tracker_get_work_item',
        fileName: 'get-work-item',
        pascal: 'GetWorkItem',
        title: 'Get work item',
        noun: 'work item',
      });
    }
  });

  it('leaves the name unprefixed without a prefix, and falls back to the area as the noun', () => {
    expect(toolNames('ping', undefined, 'health-checks')).toMatchObject({
      toolName: 'ping',
      noun: 'health checks',
    });
  });

  it('rejects a name that breaks the MCP rule, quoting the rule', () => {
    const error = usageError(() => toolNames('get issue', undefined, 'issues'));
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('^[A-Za-z0-9._-]{1,128}$');
    expect(error.message).toContain('e.g. get-issue');
  });

  it('rejects MCP-valid names that are not lowercase words, suggesting a spelling', () => {
    expect(usageError(() => toolNames('getIssue', undefined, 'issues')).message).toContain(
      'e.g. "get-issue"',
    );
    expect(usageError(() => toolNames('issues.get', undefined, 'issues')).message).toContain(
      'e.g. "issues-get"',
    );
    expect(usageError(() => toolNames('9lives', undefined, 'issues')).message).toContain(
      'starting with a letter',
    );
  });

  it('refuses a name that already carries the prefix and says what to pass', () => {
    const error = usageError(() => toolNames('tracker-get-issue', 'tracker', 'issues'));
    expect(error.message).toContain('Pass "get-issue" (the tool becomes tracker_get_issue)');
  });

  it('refuses a full name longer than 128 characters', () => {
    const long = Array.from({ length: 20 }, () => 'segment').join('-'); // 159 characters
    expect(usageError(() => toolNames(long, undefined, 'issues')).message).toContain('{1,128}');
    const fits = Array.from({ length: 15 }, () => 'segment').join('-'); // 119 characters
    expect(usageError(() => toolNames(fits, 'prefix_long', 'issues')).message).toContain('131 characters');
  });
});

describe('server, prefix and area names', () => {
  it('accepts kebab-case server names and derives the env prefix', () => {
    expect(() => assertServerName('yandex-tracker')).not.toThrow();
    expect(envPrefix('yandex-tracker')).toBe('YANDEX_TRACKER');
  });

  it.each(['Tracker', 'my_server', '-x', 'x--y', '1password', ''])('rejects server name %j', (name) => {
    const error = usageError(() => assertServerName(name));
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('Use kebab-case');
  });

  it('refuses the -mcp suffix the generator adds itself', () => {
    expect(usageError(() => assertServerName('tracker-mcp')).message).toContain('use "tracker"');
  });

  it('normalises prefixes to snake_case and rejects others', () => {
    expect(normalizePrefix('click-up')).toBe('click_up');
    expect(usageError(() => normalizePrefix('Tracker')).message).toContain('--prefix tracker');
  });

  it('rejects areas that are not lowercase words', () => {
    expect(() => assertAreaName('work-items')).not.toThrow();
    expect(usageError(() => assertAreaName('Work Items')).message).toContain('--area work-items');
  });
});
