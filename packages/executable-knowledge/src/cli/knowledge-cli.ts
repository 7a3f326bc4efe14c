/**
 * `toolsmith-knowledge`: the command line for tool authors.
 *
 *   toolsmith-knowledge validate <file-or-folder>…            load every *.tool.yaml, report all problems
 *   toolsmith-knowledge inspect <file> [--context <command>] [--max-tokens N]
 *   toolsmith-knowledge run-helper <file> <helper[#export]> [json-args]
 *   toolsmith-knowledge validate-args <file> <command> <json-args>
 *   toolsmith-knowledge run-processor <file> <processor> <json-input>
 *   toolsmith-knowledge index <pack-dir-or-markdown>… --db <dir> [--json]   (@toolsmith/knowledge-search)
 *   toolsmith-knowledge search "<query>" --db <dir> [--limit N] [--type T] [--json]
 *
 * `index` and `search` live in @toolsmith/knowledge-search (embedded PostgreSQL and its
 * dependencies): they are loaded only when one of them runs, so the other commands stay light.
 *
 * Exit codes: 0 ok, 1 a definition, validation or helper failed, 2 usage error. Output goes to the
 * given writers (stdout/stderr by default), so the CLI is testable in-process.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ToolsmithError } from '@toolsmith/core';
import { buildCommandContext } from '../context/build-context.ts';
import { loadToolDefinition } from '../loader/index.ts';
import { ProcessorEngine } from '../runtime/processor-engine.ts';
import { ToolHelperExecutor } from '../runtime/tool-helper-executor.ts';
import { describeIssue, ToolValidationHelper } from '../runtime/tool-validation-helper.ts';
import { createSandboxPool } from '../sandbox/index.ts';
import type { ToolDefinition } from '../schema/index.ts';

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const USAGE = `Usage: toolsmith-knowledge <command> [arguments]

  toolsmith-knowledge validate <file-or-folder>...
  toolsmith-knowledge inspect <file> [--context <command>] [--max-tokens <n>]
  toolsmith-knowledge run-helper <file> <helper[#export]> [json-args]
  toolsmith-knowledge validate-args <file> <command> <json-args>
  toolsmith-knowledge run-processor <file> <processor> <json-input>
  toolsmith-knowledge index <pack-dir-or-markdown>... --db <dir> [--pack <name>] [--tool <name>] [--reset-embeddings] [--json]
  toolsmith-knowledge search "<query>" --db <dir> [--limit <n>] [--type <type>[,<type>...]] [--tool <tool>[,<tool>...]] [--json]
    (DATABASE_URL switches index and search to PostgreSQL; KNOWLEDGE_EMBEDDING_MODEL adds vector search)`;

class UsageError extends Error {}

async function toolFiles(target: string): Promise<string[]> {
  const info = await stat(target).catch(() => undefined);
  if (!info) throw new UsageError(`${target} does not exist.`);
  if (info.isFile()) return [target];
  const files: string[] = [];
  for (const entry of await readdir(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.tool\.ya?ml$/.test(entry.name) && !entry.parentPath.includes('node_modules')) {
      files.push(path.join(entry.parentPath, entry.name));
    }
  }
  return files.sort();
}

function parseJson(text: string | undefined, what: string): unknown {
  if (text === undefined) return [];
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${what} is not valid JSON (${(error as Error).message}). Quote it for the shell, e.g. '{"a":1}'.`,
    );
  }
}

function summary(definition: ToolDefinition): string {
  const k = definition.executableKnowledge;
  const lines = [
    `${definition.id} — ${definition.name} (schema ${definition.schemaVersion}, ${definition.type}, version ${definition.version ?? '?'})`,
    `  ${definition.description.trim().split('\n')[0]}`,
    `  knowledge strategy: ${definition.knowledgeStrategy}`,
    `  commands (${definition.commands.length}): ${definition.commands.map((c) => c.name).join(', ') || '—'}`,
    `  helpers (${k.helpers.length}): ${k.helpers.map((h) => `${h.id}${h.dependencies.length ? ` ← ${h.dependencies.join(', ')}` : ''}`).join('; ') || '—'}`,
    `  validators (${k.validators.length}): ${k.validators.map((v) => `${v.id} → ${v.validates.join(', ') || '—'}`).join('; ') || '—'}`,
    `  processors (${k.processors.length}): ${k.processors.map((p) => (p.kind === 'pipeline' ? `${p.id} = ${p.steps.join(' → ')}` : p.id)).join('; ') || '—'}`,
    `  anti-patterns (${definition.antiPatterns.length}): ${definition.antiPatterns.map((a) => a.pattern).join(', ') || '—'}`,
    `  examples: ${definition.examples.length}; quirks: ${definition.apiComplexity?.apiQuirks.length ?? 0}; limitations: ${definition.apiComplexity?.knownLimitations.length ?? 0}`,
  ];
  return lines.join('\n');
}

export async function runKnowledgeCli(argv: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'validate': {
        if (rest.length === 0) throw new UsageError('validate needs at least one file or folder.');
        let failed = 0;
        let count = 0;
        for (const target of rest) {
          for (const file of await toolFiles(target)) {
            count++;
            try {
              const definition = await loadToolDefinition(file);
              io.out(`ok    ${file} (${definition.id}, schema ${definition.schemaVersion})`);
            } catch (error) {
              failed++;
              io.err(`FAIL  ${file}\n${(error as Error).message}`);
            }
          }
        }
        io.out(`${count - failed} of ${count} definitions valid.`);
        return failed > 0 ? 1 : 0;
      }
      case 'inspect': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { context: { type: 'string' }, 'max-tokens': { type: 'string' } },
        });
        if (positionals.length !== 1) throw new UsageError('inspect needs exactly one definition file.');
        const definition = await loadToolDefinition(positionals[0]!);
        if (values.context) {
          const maxTokens = values['max-tokens'] ? Number(values['max-tokens']) : undefined;
          if (maxTokens !== undefined && !(maxTokens > 0))
            throw new UsageError('--max-tokens must be a positive number.');
          io.out(buildCommandContext(definition, values.context, maxTokens ? { maxTokens } : {}).text);
        } else io.out(summary(definition));
        return 0;
      }
      case 'run-helper':
      case 'validate-args':
      case 'run-processor': {
        const [file, id, json] = rest;
        if (!file || !id || (command !== 'run-helper' && json === undefined)) {
          throw new UsageError(
            `${command} needs a definition file, a ${command === 'run-helper' ? 'helper' : command === 'validate-args' ? 'command' : 'processor'} and JSON.`,
          );
        }
        const definition = await loadToolDefinition(file);
        const args = parseJson(json, 'The JSON argument');
        const pool = createSandboxPool({ size: 1 });
        try {
          const executor = new ToolHelperExecutor(definition, pool);
          if (command === 'run-helper') {
            const result = await executor.execute(id, args);
            for (const log of result.logs) io.err(`[${log.level}] ${log.message}`);
            io.out(JSON.stringify(result.value, null, 2));
            return 0;
          }
          if (command === 'run-processor') {
            const result = await new ProcessorEngine(definition, executor).run(id, args);
            io.out(JSON.stringify(result.value, null, 2));
            return 0;
          }
          const result = await new ToolValidationHelper(definition, executor).validate(id, args);
          if (result.valid) {
            io.out(`valid: the arguments pass every validator of ${id}.`);
            return 0;
          }
          io.out(result.errors.map((e) => `- ${e.field || '(input)'}: ${describeIssue(e)}`).join('\n'));
          return 1;
        } finally {
          await pool.close();
        }
      }
      case 'index':
      case 'search': {
        const searchCli = await import('@toolsmith/knowledge-search/cli').catch((error: unknown) => {
          if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
          throw new UsageError(
            `${command} needs @toolsmith/knowledge-search: npm install @toolsmith/knowledge-search, then run it again.`,
          );
        });
        return await searchCli.runKnowledgeSearchCli(argv, io);
      }
      case undefined:
      case '-h':
      case '--help':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (ToolsmithError.isInstance(error)) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

function defaultIo(): CliIo {
  return {
    out: (text) => void process.stdout.write(`${text}\n`),
    err: (text) => void process.stderr.write(`${text}\n`),
  };
}
