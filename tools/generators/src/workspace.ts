/**
 * The workspace the generators write into and read versions from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GeneratorError } from './generator-error.ts';
import type { WorkspaceVersions } from './template-context.ts';

/** The root of the toolsmith workspace this generator belongs to. */
export function defaultWorkspaceRoot(): string {
  return fileURLToPath(new URL('../../../', import.meta.url));
}

interface PackageJson {
  version?: string;
  dependencies?: Record<string, string>;
}

function readPackageJson(path: string): PackageJson {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as PackageJson;
  } catch (error) {
    throw GeneratorError.usage({
      subject: path,
      problem: `cannot be read (${(error as Error).message}).`,
      howToFix: 'Run the generator from a toolsmith checkout (npm run generate -- …).',
    });
  }
}

/**
 * The versions a generated package depends on: `@toolsmith/core`, `@toolsmith/testing` and
 * `@toolsmith/bundle` as they are in this workspace, and the zod range core itself uses.
 */
export function readWorkspaceVersions(workspaceRoot: string): WorkspaceVersions {
  const core = readPackageJson(join(workspaceRoot, 'packages/core/package.json'));
  const testing = readPackageJson(join(workspaceRoot, 'packages/testing/package.json'));
  const bundle = readPackageJson(join(workspaceRoot, 'tools/bundle/package.json'));
  const zod = core.dependencies?.zod;
  if (!core.version || !testing.version || !bundle.version || !zod) {
    throw GeneratorError.usage({
      subject: 'packages/core/package.json',
      problem: 'lacks a version or a zod dependency.',
      howToFix: 'Run the generator from an intact toolsmith checkout.',
    });
  }
  return { core: core.version, testing: testing.version, bundle: bundle.version, zod };
}
