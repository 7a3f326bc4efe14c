/**
 * Where the ClickUp knowledge pack is at run time: the nearest `knowledge/clickup.tool.yaml` above
 * the module that asks. From the sources (src/knowledge/, src/webhooks/) that is
 * apps/clickup/knowledge; from the published bin, whose code sits in dist/bundle/chunks/, it is the
 * package's knowledge/ beside dist/ (package.json "files" ships it). Looked up on first use — the
 * first guarded write, the first webhook event — never at start.
 */
const PACK_FILE = 'clickup.tool.yaml';

/** The pack's directory, searched upwards from `from` (a directory); throws naming where it looked. */
export function findPackDir(from: string = import.meta.dirname): string {
  const { existsSync } = process.getBuiltinModule('node:fs');
  const { dirname, join } = process.getBuiltinModule('node:path');
  const looked: string[] = [];
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'knowledge');
    if (existsSync(join(candidate, PACK_FILE))) return candidate;
    looked.push(candidate);
    if (dirname(dir) === dir) break;
  }
  throw new Error(
    `The ClickUp knowledge pack (knowledge/${PACK_FILE}) was not found above ${from} (looked in ${looked.join(', ')}). Reinstall @toolsmith/clickup-mcp: its knowledge/ directory is missing.`,
  );
}

/** The pack's definition file (`knowledge/clickup.tool.yaml`). */
export const findPackFile = (from?: string) =>
  process.getBuiltinModule('node:path').join(findPackDir(from), PACK_FILE);

/** What clickup_search_knowledge and the error hints index: the pack, as one knowledge pack. */
export function knowledgeSources(): { path: string; pack: string }[] {
  return [{ path: findPackDir(), pack: 'clickup' }];
}
