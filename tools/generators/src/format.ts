/**
 * Generated files are printed by prettier with the workspace's configuration, so they pass
 * `npm run format:check` whatever the length of the names that went into them.
 */
import { join } from 'node:path';
import { format, resolveConfig, type Options } from 'prettier';
import type { PlannedFile } from './file-plan.ts';

const FORMATTED = /\.(ts|js|json|md)$/;

/**
 * Formats the files the plan creates (edits of existing files keep their author's layout). The
 * configuration is the one that applies at `root`, else the generator's own workspace's.
 */
export async function formatPlan(
  root: string,
  files: readonly PlannedFile[],
  workspaceRoot: string,
): Promise<PlannedFile[]> {
  const config: Options =
    (await resolveConfig(join(root, 'package.json'))) ??
    (await resolveConfig(join(workspaceRoot, 'package.json'))) ??
    {};
  return Promise.all(
    files.map(async (file) =>
      file.action === 'create' && FORMATTED.test(file.path)
        ? { ...file, content: await format(file.content, { ...config, filepath: join(root, file.path) }) }
        : file,
    ),
  );
}
