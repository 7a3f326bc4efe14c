/** Copies the two-package TypeScript fixture to a temporary folder (`*.ts.txt` → `*.ts`). */
import { cpSync, mkdtempSync, readdirSync, renameSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_PROJECT = fileURLToPath(new URL('./ts-monorepo', import.meta.url));

export function copyFixtureProject(): string {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'lsp-fixture-')));
  cpSync(FIXTURE_PROJECT, root, { recursive: true });
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts.txt')) {
      const file = path.join(entry.parentPath, entry.name);
      renameSync(file, file.slice(0, -'.txt'.length));
    }
  }
  return root;
}
