import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { nodeVersionProblem } from './node-version.ts';

describe('nodeVersionProblem', () => {
  it('lets Node 24 and later through', () => {
    expect(nodeVersionProblem('srv', '24.0.0')).toBeUndefined();
    expect(nodeVersionProblem('srv', '25.3.1')).toBeUndefined();
    expect(nodeVersionProblem('srv', '100.0.0')).toBeUndefined();
  });

  it('names the bin, the running version and how to get Node 24, in one line', () => {
    const line = nodeVersionProblem('srv', '20.19.0')!;
    expect(line).toMatch(
      /^srv needs Node\.js 24 or later \(this is v20\.19\.0\)\. Install Node\.js 24 from https:\/\/nodejs\.org/,
    );
    expect(line).not.toContain('\n');
    expect(nodeVersionProblem('srv', '8.17.0')).toContain('(this is v8.17.0)');
    expect(nodeVersionProblem('srv', '22.9.0', 22)).toBeUndefined();
  });
});

describe('nodeVersionOk (what a bin calls first)', () => {
  const run = (version: string) => {
    const pretend = `Object.defineProperty(process.versions, 'node', { value: '${version}' });`;
    const script = `const { nodeVersionOk } = await import(${JSON.stringify(new URL('./node-version.ts', import.meta.url).href)}); if (nodeVersionOk('srv')) process.stdout.write('started');`;
    return spawnSync(
      process.execPath,
      [
        '--import',
        `data:text/javascript,${encodeURIComponent(pretend)}`,
        '--input-type=module',
        '-e',
        script,
      ],
      { encoding: 'utf8' },
    );
  };

  it('on an older Node prints the one line to stderr, sets exit code 1 and does not go on', () => {
    const result = run('20.11.1');
    expect(result).toMatchObject({
      status: 1,
      stdout: '',
      stderr: `${nodeVersionProblem('srv', '20.11.1')}\n`,
    });
  });

  it('on Node 24 goes on silently', () => {
    expect(run('24.1.0')).toMatchObject({ status: 0, stdout: 'started', stderr: '' });
  });
});
