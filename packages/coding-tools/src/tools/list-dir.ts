/**
 * ListDir: a directory as an indented tree, breadth first under a cap — so a big tree still shows
 * its top levels completely and says what it left out and how to narrow the listing.
 */
import { readdirSync, readlinkSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { defineToolMetadata, type ToolContext } from '@toolsmith/core';
import picomatch from 'picomatch';
import { z } from 'zod';
import type { CodingToolsDeps } from '../session/coding-session.ts';
import { displayPath } from '../session/resolve-path.ts';
import { resolveExisting } from './shared/existing-path.ts';
import { compareEntries } from './shared/path-list.ts';
import { plural } from './shared/plural.ts';
import { CodingTool, permissionPath } from './shared/coding-tool.ts';
import type { PermissionProfile } from '../permissions/permission-rules.ts';

export const DEFAULT_LIST_IGNORES: readonly string[] = ['node_modules', '.git', 'dist', 'build'];
/** Entries shown at most. */
export const MAX_LIST_ENTRIES = 400;
/** Entries read at most when counting what the cap left out. */
const MAX_SCANNED = 50_000;

const ListDirParams = z.object({
  path: z
    .string()
    .min(1)
    .describe(
      'The directory to list: relative to the project root ("." for the root), or absolute inside it.',
    ),
  depth: z
    .number()
    .int()
    .min(1)
    .max(20)
    .default(3)
    .describe('How many levels to show: 1 = only the direct entries. Default 3.'),
  ignore: z
    .array(z.string().min(1))
    .default([...DEFAULT_LIST_IGNORES])
    .describe(
      'Glob patterns of entries to leave out, matched against each entry\'s name and its path relative to `path` (e.g. "*.log", "src/**/*.test.ts"). Default: ["node_modules", ".git", "dist", "build"]. Passing ignore replaces the default, so repeat those you still want skipped.',
    ),
});

interface TreeNode {
  name: string;
  kind: 'dir' | 'file' | 'link';
  target?: string;
  children: TreeNode[];
  /** Direct children left out by the cap. */
  hidden: number;
  /** Entries inside a directory at the depth limit (not expanded). */
  unexpanded?: number;
  unreadable?: boolean;
}

interface Pending {
  node: TreeNode | undefined;
  absolute: string;
  relative: string;
  level: number;
  /** Relative path of the nearest shown directory (where left-out entries are counted). */
  shownAncestor: string;
}

export class ListDirTool extends CodingTool<typeof ListDirParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'ListDir',
    title: 'List directory',
    description: [
      '[Files/List] Show a directory as an indented tree: folders first (marked with "/"), then files; symlinks as "name -> target" (not followed).',
      `Shows depth levels (default 3) and at most ${MAX_LIST_ENTRIES} entries, filled breadth first so the top levels are always complete; what is left out is counted, with the folders to list next. Skips node_modules, .git, dist and build by default (see ignore).`,
      'Use it to get oriented in a project; use Glob to find files by name pattern anywhere, Grep to search contents, Read to open a file.',
    ].join('\n'),
    category: 'files',
    toolset: 'files',
    tags: ['list', 'ls', 'tree', 'directory', 'folder', 'structure', 'files'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });

  override readonly permission: PermissionProfile = { kind: 'path', groups: ['Read'] };

  protected override permissionSubjects(
    params: z.output<typeof ListDirParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): string[] {
    return [permissionPath(ctx.deps.session, params.path ?? '.')];
  }

  override getParamsSchema() {
    return ListDirParams;
  }

  protected override truncationHint(): string {
    return 'List a subdirectory (path) or use a smaller depth.';
  }

  async execute(params: z.output<typeof ListDirParams>, ctx: ToolContext<CodingToolsDeps>): Promise<string> {
    const session = ctx.deps.session;
    const { absolute: directory, shown } = await resolveExisting(session, params.path, {
      toolName: this.name,
      field: 'path',
      kind: 'directory',
      missing:
        'Directory not found: {path}. Check the path (relative paths resolve against the project root {root}).',
      wrongKind: '{path} is a file, not a directory. Use Read to see its content.',
    });

    const patterns = params.ignore
      .map((p) => p.replace(/^\.\//, '').replace(/\/+$/, ''))
      .filter((p) => p !== '');
    const isIgnored = patterns.length > 0 ? picomatch(patterns, { dot: true }) : () => false;
    const children = (absolute: string, relative: string): { entries: Dirent[]; unreadable: boolean } => {
      let entries: Dirent[];
      try {
        entries = readdirSync(absolute, { withFileTypes: true });
      } catch {
        return { entries: [], unreadable: true };
      }
      entries = entries.filter((entry) => {
        const rel = relative === '' ? entry.name : `${relative}/${entry.name}`;
        return !isIgnored(entry.name) && !isIgnored(rel);
      });
      entries.sort(compareEntries);
      return { entries, unreadable: false };
    };

    const root: TreeNode = { name: shown, kind: 'dir', children: [], hidden: 0 };
    const queue: Pending[] = [{ node: root, absolute: directory, relative: '', level: 0, shownAncestor: '' }];
    let shownEntries = 0;
    let directories = 0;
    let files = 0;
    let leftOut = 0;
    let scanned = 0;
    let scanStopped = false;
    let deeper = 0;
    const leftOutUnder = new Map<string, number>();

    for (let next = 0; next < queue.length; next++) {
      ctx.signal.throwIfAborted();
      const item = queue[next] as Pending;
      if (!item.node && scanned >= MAX_SCANNED) {
        scanStopped = true;
        break;
      }
      const { entries, unreadable } = children(item.absolute, item.relative);
      if (item.node && unreadable) item.node.unreadable = true;
      scanned += entries.length;
      for (const entry of entries) {
        const absolute = path.join(item.absolute, entry.name);
        const relative = item.relative === '' ? entry.name : `${item.relative}/${entry.name}`;
        const isDirectory = entry.isDirectory();
        const expand = isDirectory && item.level + 1 < params.depth;
        if (item.node && shownEntries < MAX_LIST_ENTRIES) {
          shownEntries++;
          const node: TreeNode = {
            name: entry.name,
            kind: isDirectory ? 'dir' : entry.isSymbolicLink() ? 'link' : 'file',
            children: [],
            hidden: 0,
          };
          if (node.kind === 'link') {
            try {
              node.target = readlinkSync(absolute);
            } catch {
              node.target = '?';
            }
          }
          if (isDirectory) directories++;
          else files++;
          item.node.children.push(node);
          if (expand) {
            queue.push({ node, absolute, relative, level: item.level + 1, shownAncestor: relative });
          } else if (isDirectory) {
            node.unexpanded = children(absolute, relative).entries.length;
            if (node.unexpanded > 0) deeper++;
          }
        } else {
          if (item.node) item.node.hidden++;
          leftOut++;
          leftOutUnder.set(item.shownAncestor, (leftOutUnder.get(item.shownAncestor) ?? 0) + 1);
          if (expand) {
            queue.push({
              node: undefined,
              absolute,
              relative,
              level: item.level + 1,
              shownAncestor: item.shownAncestor,
            });
          }
        }
      }
    }

    const lines = [`${shown}/${root.unreadable ? ' (not readable)' : ''}`];
    const render = (node: TreeNode, indent: string) => {
      for (const child of node.children) {
        if (child.kind === 'dir') {
          const note = child.unreadable
            ? ' (not readable)'
            : child.unexpanded === undefined
              ? ''
              : child.unexpanded === 0
                ? ' (empty)'
                : ` (${plural(child.unexpanded, 'entry', 'entries')})`;
          lines.push(`${indent}${child.name}/${note}`);
          render(child, `${indent}  `);
        } else if (child.kind === 'link') {
          lines.push(`${indent}${child.name} -> ${child.target}`);
        } else {
          lines.push(`${indent}${child.name}`);
        }
      }
      if (node.hidden > 0) lines.push(`${indent}… ${node.hidden} more`);
    };
    render(root, '  ');

    const notes = [`${plural(directories, 'directory', 'directories')}, ${plural(files, 'file')}`];
    if (leftOut > 0) {
      const largest = [...leftOutUnder.entries()]
        .filter(([relative]) => relative !== '')
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([relative, count]) => `${displayPath(session, path.join(directory, relative))}/ ${count}`);
      const where = largest.length > 0 ? ` (most left out under: ${largest.join(', ')})` : '';
      notes.push(
        `(Showing ${shownEntries} entries; ${leftOut}${scanStopped ? '+' : ''} more left out by the ${MAX_LIST_ENTRIES}-entry cap. To see them, list a subdirectory with path${where}, or use a smaller depth or more ignore patterns.)`,
      );
    }
    if (deeper > 0) {
      notes.push(
        `(Folders marked "(N entries)" are deeper than depth=${params.depth}: list one with path, or raise depth.)`,
      );
    }
    return `${lines.join('\n')}\n\n${notes.join('\n')}`;
  }
}
