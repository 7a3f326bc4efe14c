/**
 * A knowledge pack on disk → the chunks the store holds for it. A pack is:
 *
 * - a directory with tool definitions (`*.tool.yaml`, e.g. apps/clickup/knowledge): each definition
 *   chunked by entity, with the code its helpers, validators and processors name; markdown files
 *   chunked by heading; fixtures (`__fixtures__/**` JSON/YAML/text) one chunk each; code files under
 *   helpers/, validators/ or processors/ that no definition names, one chunk each;
 * - a directory of markdown only: a documentation pack;
 * - one markdown file (docs/clickup.md): a documentation pack named `doc:<file name>`;
 * - one `*.tool.yaml` file: its definition and its code.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CORE_SCHEMA, load, YAMLException } from 'js-yaml';
import { isEntityType, type EntityType } from '../entity-types.ts';
import { KnowledgePackError } from '../errors/knowledge-search-errors.ts';
import type { KnowledgeChunk, PackContent } from '../store/knowledge-store.ts';
import { codeParts } from './code-chunks.ts';
import { markdownChunks, splitAtParagraphs } from './markdown-chunks.ts';
import { definitionRoot, toolDefinitionChunks } from './tool-definition-chunks.ts';

export interface ReadPackOptions {
  /** The pack's name (default: the tool id of a single definition, else the folder name; `doc:<name>` for a markdown file). */
  pack?: string;
  /** The tool entries belong to when no definition says (default: the single definition's id, else the folder or file name). */
  tool?: string;
  /** Characters per chunk before long text is split (default 3,000). */
  maxChars?: number;
}

const TOOL_YAML = /\.tool\.ya?ml$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'out-tsc', 'coverage']);
const CODE = /\.(m?js|cjs|ts)$/;
const FIXTURE = /\.(json|ya?ml|txt|csv|xml|html)$/;
const CODE_FOLDERS: Record<string, EntityType> = {
  helpers: 'helper',
  validators: 'validator',
  processors: 'processor',
};

export async function readKnowledgePack(target: string, options: ReadPackOptions = {}): Promise<PackContent> {
  const info = await stat(target).catch(() => undefined);
  if (!info) {
    throw new KnowledgePackError({
      source: target,
      message: `${target} does not exist. Give a knowledge pack directory (one with *.tool.yaml or markdown files) or a markdown file.`,
    });
  }
  const maxChars = options.maxChars ?? 3_000;
  if (info.isFile()) {
    const base = path.basename(target);
    if (/\.md$/i.test(base)) {
      const name = base.replace(/\.md$/i, '');
      const tool = options.tool ?? name;
      const chunks = markdownChunks(await readFile(target, 'utf8'), { file: base, tool, maxChars });
      return finish(target, options.pack ?? `doc:${name}`, chunks);
    }
    if (TOOL_YAML.test(base)) {
      const { chunks, toolId } = await definitionFile(target, base, path.dirname(target), maxChars);
      return finish(target, options.pack ?? toolId ?? base, chunks);
    }
    throw new KnowledgePackError({
      source: target,
      message: `${target} is neither a knowledge pack directory, a markdown file (.md) nor a tool definition (.tool.yaml).`,
    });
  }

  const files = await listFiles(target);
  const definitions = files.filter((f) => TOOL_YAML.test(f));
  const chunks: KnowledgeChunk[] = [];
  const toolIds: string[] = [];
  const referenced = new Set<string>();
  for (const file of definitions) {
    const result = await definitionFile(
      path.join(target, file),
      file,
      path.join(target, path.dirname(file)),
      maxChars,
    );
    chunks.push(...result.chunks);
    if (result.toolId) toolIds.push(result.toolId);
    for (const code of result.referenced) referenced.add(path.normalize(path.join(path.dirname(file), code)));
  }
  const folder = path.basename(path.resolve(target));
  const tool = options.tool ?? (toolIds.length === 1 ? toolIds[0]! : folder);

  for (const file of files) {
    const parts = file.split(path.sep);
    if (/\.md$/i.test(file)) {
      chunks.push(
        ...markdownChunks(await readFile(path.join(target, file), 'utf8'), {
          file: toPosix(file),
          tool,
          maxChars,
        }),
      );
    } else if (parts.includes('__fixtures__') && FIXTURE.test(file)) {
      const body = await readFile(path.join(target, file), 'utf8');
      const pieces = splitAtParagraphs(body.trim(), maxChars * 2);
      chunks.push({
        entityType: 'fixture',
        entityId: toPosix(file),
        topic: `fixture ${toPosix(file)}`,
        content: `${tool} fixture ${toPosix(file)}\n\n${pieces[0] ?? ''}`,
        tool,
        metadata: {
          file: toPosix(file),
          ...(pieces.length > 1 ? { truncated: true, chars: body.length } : {}),
        },
      });
    } else if (CODE.test(file) && !referenced.has(path.normalize(file))) {
      const kind = parts.map((p) => CODE_FOLDERS[p]).find(isEntityType);
      if (!kind) continue;
      codeParts(await readFile(path.join(target, file), 'utf8'), maxChars).forEach((part, i, all) => {
        chunks.push({
          entityType: kind,
          entityId: i === 0 ? toPosix(file) : `${toPosix(file)}#${i + 1}`,
          topic: `${kind} code ${toPosix(file)}${part.declares.length ? ` — ${part.declares.join(', ')}` : ''}`,
          content: `${tool} ${kind} ${toPosix(file)}${all.length > 1 ? `, part ${i + 1} of ${all.length}` : ''}\n\n${part.text}`,
          tool,
          metadata: {
            file: toPosix(file),
            declares: part.declares,
            ...(all.length > 1 ? { part: i + 1, parts: all.length } : {}),
          },
        });
      });
    }
  }
  if (chunks.length === 0) {
    throw new KnowledgePackError({
      source: target,
      message: `${target} has nothing to index: no tool definition (*.tool.yaml) and no markdown (*.md). Point at a knowledge pack such as apps/clickup/knowledge, or at a markdown file.`,
    });
  }
  const pack = options.pack ?? (toolIds.length === 1 ? toolIds[0]! : folder);
  return finish(target, pack, chunks);
}

async function definitionFile(
  absolute: string,
  file: string,
  folder: string,
  maxChars: number,
): Promise<{ chunks: KnowledgeChunk[]; toolId: string | undefined; referenced: string[] }> {
  const source = await readFile(absolute, 'utf8');
  let document: unknown;
  try {
    document = load(source, { filename: file, schema: CORE_SCHEMA, maxDepth: 64 });
  } catch (error) {
    if (error instanceof YAMLException) {
      const where = error.mark ? ` at line ${error.mark.line + 1}, column ${error.mark.column + 1}` : '';
      throw new KnowledgePackError({
        source: absolute,
        cause: error,
        message: `${absolute} is not valid YAML${where}: ${error.reason}. Fix the file (toolsmith-knowledge validate ${absolute} lists every problem) and index again.`,
      });
    }
    throw error;
  }
  const root = definitionRoot(document);
  if (!root || typeof root.id !== 'string' || !root.id) {
    throw new KnowledgePackError({
      source: absolute,
      message: `${absolute} has no tool id: a definition starts with tool: { id: my-tool, name: …, description: … }. Add the id and index again.`,
    });
  }
  const referenced: string[] = [];
  const chunks = await toolDefinitionChunks(document, {
    file: toPosix(file),
    maxChars,
    readCode: async (relative) => {
      const resolved = path.resolve(folder, relative);
      if (!resolved.startsWith(path.resolve(folder) + path.sep)) return undefined;
      referenced.push(relative);
      return readFile(resolved, 'utf8').catch(() => undefined);
    },
  });
  return { chunks, toolId: root.id, referenced };
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
    if (relative.split(path.sep).some((p) => SKIPPED_DIRS.has(p) || p.startsWith('.'))) continue;
    out.push(relative);
  }
  return out.sort();
}

/** Entity ids are unique per pack and type: a repeated one gets `~2`, `~3`… */
function finish(source: string, pack: string, chunks: KnowledgeChunk[]): PackContent {
  const seen = new Map<string, number>();
  const unique = chunks.map((chunk) => {
    const key = `${chunk.entityType}\u0000${chunk.entityId}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? chunk : { ...chunk, entityId: `${chunk.entityId}~${n}` };
  });
  if (!pack.trim()) {
    throw new KnowledgePackError({
      source,
      message: `The pack name for ${source} is empty; pass a name (pack option, or --pack NAME).`,
    });
  }
  return { pack, chunks: unique };
}

const toPosix = (p: string) => p.split(path.sep).join('/');
