/**
 * Diagnostics: runs a type checker or linter (TypeScript's `tsc --noEmit` by default) and reports
 * its findings as `file:line:col severity code: message`, grouped by file, errors first, a few per
 * file. Not a language server: it runs the project's own command-line checker.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import {
  defineToolMetadata,
  NotFoundError,
  TimeoutError,
  ValidationError,
  type ToolContext,
} from '@toolsmith/core';
import { z } from 'zod';
import type { CodingSession, CodingToolsDeps } from '../session/coding-session.ts';
import { displayPath, refuseNulByte, resolveInRoot } from '../session/resolve-path.ts';
import { DEFAULT_BASH_TIMEOUT_MS, MAX_BASH_TIMEOUT_MS, NUL_IN_COMMAND, sessionShell } from './bash.ts';
import { runCommand } from './bash/run-command.ts';
import {
  parseDiagnostics,
  type Diagnostic,
  type OutputFormat,
  type Severity,
} from './diagnostics/parse-diagnostics.ts';
import { comparePaths } from './shared/path-list.ts';
import { plural } from './shared/plural.ts';
import { CodingTool } from './shared/coding-tool.ts';
import type { PermissionProfile } from '../permissions/permission-rules.ts';

export const DEFAULT_MAX_PER_FILE = 20;
/** What the permission rules see for the default check. */
const DEFAULT_CHECKER = 'tsc --noEmit --pretty false';
/** Output of the checker kept for parsing (per stream). */
const MAX_CAPTURE_CHARS = 20 * 1024 * 1024;
/** Characters of unrecognised output shown back. */
const RAW_TAIL_CHARS = 4000;

const DiagnosticsParams = z.object({
  command: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Checker to run instead of the default TypeScript check (`tsc --noEmit --pretty false` with the project\'s own tsc), e.g. "npx eslint -f json src" or "npx tsc --noEmit --pretty false -p packages/api". tsc output, ESLint JSON (-f json) and "file:line:col: message" lines are understood.',
    ),
  file_path: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Only report diagnostics of this file (relative to the project root). The checker still checks the whole project.',
    ),
  max_per_file: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(DEFAULT_MAX_PER_FILE)
    .describe(
      `Diagnostics shown per file (default ${DEFAULT_MAX_PER_FILE}); errors come first, the rest is counted.`,
    ),
  timeout: z
    .number()
    .int()
    .min(1)
    .max(MAX_BASH_TIMEOUT_MS)
    .default(DEFAULT_BASH_TIMEOUT_MS)
    .describe(`Time limit in milliseconds (default ${DEFAULT_BASH_TIMEOUT_MS}, max ${MAX_BASH_TIMEOUT_MS}).`),
});

const FORMAT_NAMES: Record<OutputFormat, string> = {
  eslint: 'ESLint',
  tsc: 'tsc',
  generic: 'checker output',
};
const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function quote(argument: string): string {
  return /^[\w@%+=:,./-]+$/.test(argument) ? argument : `'${argument.replace(/'/g, `'\\''`)}'`;
}

/** `tsc --noEmit --pretty false` with the project's tsc (node_modules/.bin) when it has one. */
export function defaultTscCommand(root: string): string {
  const local = path.join(root, 'node_modules', '.bin', 'tsc');
  return `${existsSync(local) ? quote(local) : 'tsc'} --noEmit --pretty false`;
}

function summary(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const infos = diagnostics.length - errors - warnings;
  const parts = [plural(errors, 'error'), plural(warnings, 'warning')];
  if (infos > 0) parts.push(plural(infos, 'message'));
  return parts.length === 3 ? `${parts[0]}, ${parts[1]} and ${parts[2]}` : parts.join(' and ');
}

export class DiagnosticsTool extends CodingTool<typeof DiagnosticsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'Diagnostics',
    title: 'Check for type and lint errors',
    description: [
      '[Shell/Diagnostics] Type-check or lint the project and get the problems as `file:line:col severity code: message`, grouped by file with errors first. By default runs TypeScript\'s `tsc --noEmit --pretty false` with the project\'s own tsc in the project root; pass `command` for another checker (e.g. "npx eslint -f json src").',
      `Use it after editing code to verify it compiles. file_path limits the report to one file; at most max_per_file (default ${DEFAULT_MAX_PER_FILE}) diagnostics are shown per file. Says "No errors found." when the checker reports nothing. Runs like Bash: timeout default ${DEFAULT_BASH_TIMEOUT_MS / 1000} s, the whole process group is stopped on timeout.`,
    ].join('\n'),
    category: 'shell',
    toolset: 'shell',
    tags: ['diagnostics', 'typecheck', 'tsc', 'typescript', 'eslint', 'lint', 'errors', 'compile', 'check'],
    // Not read-only: `command` runs any program (a read-only server must not offer arbitrary execution).
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  });

  // The checker is a command it runs: Bash's rules apply to it too.
  override readonly permission: PermissionProfile = { kind: 'command', groups: ['Bash'] };

  protected override permissionSubjects(params: z.output<typeof DiagnosticsParams>): string[] {
    return [params.command ?? DEFAULT_CHECKER];
  }

  override getParamsSchema() {
    return DiagnosticsParams;
  }

  async execute(
    params: z.output<typeof DiagnosticsParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string> {
    const session = ctx.deps.session;
    const only =
      params.file_path === undefined
        ? undefined
        : resolveInRoot(session, params.file_path, this.name, 'file_path');
    if (params.command === undefined && !existsSync(path.join(session.root, 'tsconfig.json'))) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: 'command',
            message: `The default check (tsc) needs a tsconfig.json in the project root ${session.root}, and there is none. Pass command, e.g. "npx tsc --noEmit --pretty false -p packages/app" or "npx eslint -f json src".`,
          },
        ],
      });
    }
    refuseNulByte(params.command, this.name, 'command', NUL_IN_COMMAND);
    const command = params.command ?? defaultTscCommand(session.root);

    const stdout = new StringDecoder('utf8');
    const stderr = new StringDecoder('utf8');
    let out = '';
    let err = '';
    const outcome = await runCommand({
      file: sessionShell(session),
      args: ['-c', command],
      cwd: session.root,
      env: session.options.env ?? process.env,
      timeoutMs: params.timeout,
      signal: ctx.signal,
      onStdout: (chunk) => {
        if (out.length < MAX_CAPTURE_CHARS) out += stdout.write(chunk);
      },
      onStderr: (chunk) => {
        if (err.length < MAX_CAPTURE_CHARS) err += stderr.write(chunk);
      },
    });
    out += stdout.end();
    err += stderr.end();
    ctx.signal.throwIfAborted();

    if (outcome.stoppedBy === 'timeout') {
      throw new TimeoutError({
        timeoutMs: params.timeout,
        operation: 'Diagnostics',
        message: `The check \`${command}\` did not finish within ${params.timeout} ms and was stopped with every process it started. Raise timeout (max ${MAX_BASH_TIMEOUT_MS}), or check a smaller part of the project (e.g. tsc -p <package>/tsconfig.json).`,
      });
    }
    if (outcome.exitCode === 127 || outcome.exitCode === 126) {
      const detail = (err || out).trim().split('\n').at(-1) ?? '';
      if (params.command === undefined) {
        throw new NotFoundError({
          message: `TypeScript's tsc was not found: there is no node_modules/.bin/tsc under the project root and no tsc on PATH (${detail}). Install typescript in the project, or pass command with the checker to run.`,
          resource: 'command',
          id: 'tsc',
        });
      }
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: 'command',
            message: `The command could not be run: ${detail}. Check its spelling, or call it through npx.`,
          },
        ],
      });
    }

    const parsed = parseDiagnostics(out, err);
    if (parsed.format === undefined && outcome.exitCode !== 0) {
      const raw = `${out}${err}`.trim();
      const tail = raw.length > RAW_TAIL_CHARS ? `…${raw.slice(-RAW_TAIL_CHARS)}` : raw;
      return `\`${command}\` exited with code ${outcome.exitCode ?? outcome.signal}, and its output does not read as diagnostics (tsc, ESLint -f json, or file:line:col lines). Its output:\n${tail || '(no output)'}`;
    }
    return this.#render(session, parsed.diagnostics, parsed.format, only, params.max_per_file);
  }

  #render(
    session: CodingSession,
    all: readonly Diagnostic[],
    format: OutputFormat | undefined,
    only: string | undefined,
    maxPerFile: number,
  ): string {
    const located = all.map((diagnostic) => ({
      diagnostic,
      absolute: diagnostic.file === '' ? '' : path.resolve(session.root, diagnostic.file),
    }));
    const selected = only === undefined ? located : located.filter((entry) => entry.absolute === only);
    if (selected.length === 0) {
      if (only === undefined) return 'No errors found.';
      const elsewhere = all.length > 0 ? ` (${summary(all)} in other files)` : '';
      return `No errors found in ${displayPath(session, only)}${elsewhere}.`;
    }

    const byFile = new Map<string, Diagnostic[]>();
    for (const { diagnostic, absolute } of selected) {
      const key = absolute === '' ? '' : displayPath(session, absolute);
      let list = byFile.get(key);
      if (!list) byFile.set(key, (list = []));
      list.push(diagnostic);
    }
    const files = [...byFile.keys()].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : comparePaths(a, b)));
    const fileCount = files.filter((file) => file !== '').length;
    const lines = [
      `Found ${summary(selected.map((entry) => entry.diagnostic))}${fileCount > 0 ? ` in ${plural(fileCount, 'file')}` : ''} (${FORMAT_NAMES[format ?? 'generic']}):`,
    ];
    for (const file of files) {
      const list = byFile
        .get(file)!
        .sort(
          (a, b) =>
            SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.line - b.line || a.column - b.column,
        );
      for (const d of list.slice(0, maxPerFile)) {
        const where =
          file === ''
            ? '(project)'
            : d.line === 0
              ? file
              : d.column === 0
                ? `${file}:${d.line}`
                : `${file}:${d.line}:${d.column}`;
        lines.push(`${where} ${d.severity} ${d.code ? `${d.code}: ` : ''}${d.message}`);
      }
      if (list.length > maxPerFile) {
        lines.push(`… and ${list.length - maxPerFile} more in ${file === '' ? '(project)' : file}`);
      }
    }
    return lines.join('\n');
  }
}
