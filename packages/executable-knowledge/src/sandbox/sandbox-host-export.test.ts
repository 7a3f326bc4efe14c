/**
 * A server bundled with toolsmith-bundle carries the pool but not its host script: the pool then forks
 * the host of the installed package, which it resolves by the package's `./sandbox-host` export.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SANDBOX_HOST_EXPORT } from './sandbox-pool.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  name: string;
  exports: Record<string, Record<string, string>>;
};

describe('the ./sandbox-host export', () => {
  it('is what the pool resolves, and points at the host script beside the pool', () => {
    expect(SANDBOX_HOST_EXPORT).toBe(`${pkg.name}/sandbox-host`);
    expect(pkg.exports['./sandbox-host']).toEqual({
      '@toolsmith/source': './src/sandbox/sandbox-host.ts',
      types: './dist/sandbox/sandbox-host.d.ts',
      default: './dist/sandbox/sandbox-host.js',
    });
    // Under the tests' source condition it resolves to the TypeScript host next to sandbox-pool.ts.
    expect(fileURLToPath(import.meta.resolve(SANDBOX_HOST_EXPORT))).toBe(
      fileURLToPath(new URL('./sandbox-host.ts', import.meta.url)),
    );
  });
});
