/**
 * The `npm run generate` command line:
 *
 *   generate server <name> [--description "…"] [--prefix <tool-prefix>] [--force] [--root <dir>]
 *   generate tool <tool-name> --project <server folder> --area <area> [--read-only|--write]
 *                 [--description "…"] [--force] [--root <dir>]
 *
 * Usage errors exit with code 2, conflicts (existing files, duplicate names) with code 1; both say
 * how to fix the command, and nothing is written.
 */
import { parseArgs } from 'node:util';
import { closestMatches } from '@toolsmith/core';
import { generateServer, type GenerateServerResult } from './generate-server.ts';
import { generateTool, type GenerateToolResult } from './generate-tool.ts';
import { GeneratorError } from './generator-error.ts';
import type { WrittenFile } from './file-plan.ts';
import type { WorkspaceVersions } from './template-context.ts';
import { defaultWorkspaceRoot, readWorkspaceVersions } from './workspace.ts';

const OPTIONS = {
  description: { type: 'string' },
  prefix: { type: 'string' },
  project: { type: 'string' },
  area: { type: 'string' },
  'read-only': { type: 'boolean' },
  write: { type: 'boolean' },
  force: { type: 'boolean' },
  root: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type OptionName = keyof typeof OPTIONS;

const COMMANDS = {
  server: ['description', 'prefix', 'force', 'root', 'help'],
  tool: ['project', 'area', 'read-only', 'write', 'description', 'force', 'root', 'help'],
} as const satisfies Record<string, readonly OptionName[]>;

type Command = keyof typeof COMMANDS;

export const USAGE = `Usage:
  npm run generate -- server <name> [--description "…"] [--prefix <tool-prefix>]
  npm run generate -- tool <tool-name> --project <server folder> --area <area> [--read-only|--write] [--description "…"]

server   Creates apps/<name>: a runnable MCP server app (@toolsmith/<name>-mcp) in the server layout
         (docs/writing-a-server.md) with one example tool.
         --prefix   prefix of every tool name (--prefix tracker → tracker_get_issue)
tool     Creates src/tools/<area>/<tool-name>.tool.ts and its .tool.test.ts in any server with that
         layout (apps/clickup, apps/yandex-tracker, tools/example-server, a generated one) and registers
         the tool in src/tools/<area>/index.ts (a new area in src/tools/index.ts, with its toolset).
         Tool names are snake_case with the server's prefix (src/tool-prefix.ts); files kebab-case.
         --read-only  (default) a tool that changes nothing
         --write      a tool that changes data: requires explicit user consent

Both:    --description "…"  what it does (for a tool: what it returns, when to use it)
         --force            overwrite existing files
         --root <dir>       workspace root to generate into (default: this checkout)
         -h, --help         show this help
`;

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export interface CliOptions {
  readonly io: CliIo;
  /** The checkout the generator belongs to (versions are read from it; default `--root`). */
  readonly workspaceRoot?: string;
  /** Versions written into a new server's package.json; read from the workspace when omitted. */
  readonly versions?: WorkspaceVersions;
}

/** Runs one generate command and returns the process exit code. */
export async function runCli(argv: readonly string[], options: CliOptions): Promise<number> {
  const { io } = options;
  try {
    const parsed = parseCommandLine(argv);
    if (parsed === 'help') {
      io.stdout(USAGE);
      return 0;
    }
    const workspaceRoot = options.workspaceRoot ?? defaultWorkspaceRoot();
    const root = parsed.values.root ?? workspaceRoot;
    if (parsed.command === 'server') {
      const result = await generateServer({
        root,
        name: parsed.name,
        description: parsed.values.description,
        prefix: parsed.values.prefix,
        force: parsed.values.force ?? false,
        versions: options.versions ?? readWorkspaceVersions(workspaceRoot),
        workspaceRoot,
      });
      io.stdout(serverReport(result));
    } else {
      const result = await generateTool({
        root,
        name: parsed.name,
        project: required(
          parsed.values.project,
          '--project',
          'the project to add the tool to, e.g. --project apps/yandex-tracker',
        ),
        area: required(
          parsed.values.area,
          '--area',
          'the folder under src/tools/ and the tool category, e.g. --area issues',
        ),
        write: parsed.values.write ?? false,
        description: parsed.values.description,
        force: parsed.values.force ?? false,
        workspaceRoot,
      });
      io.stdout(toolReport(result));
    }
    return 0;
  } catch (error) {
    if (GeneratorError.isInstance(error)) {
      io.stderr(
        `${error.message}\n${error.kind === 'usage' ? '\nRun `npm run generate -- --help` for the usage.\n' : ''}`,
      );
      return error.exitCode;
    }
    throw error;
  }
}

interface ParsedCommand {
  readonly command: Command;
  readonly name: string;
  readonly values: {
    [K in OptionName]?: K extends 'read-only' | 'write' | 'force' | 'help' ? boolean : string;
  };
}

/** Parses and checks the arguments; throws a usage GeneratorError that says how to fix them. */
export function parseCommandLine(argv: readonly string[]): ParsedCommand | 'help' {
  const known = Object.keys(OPTIONS) as OptionName[];
  // A lenient pass first, to name every unknown option with a suggestion.
  const { tokens } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const unknown = tokens.flatMap((t) =>
    t.kind === 'option' && !known.includes(t.name as OptionName) ? [t.rawName] : [],
  );
  if (unknown.length > 0) {
    throw GeneratorError.usage(
      ...unknown.map((raw) => {
        const near = closestMatches(raw.replace(/^-+/, ''), known, 1)[0];
        return {
          subject: raw,
          problem: 'is not an option.',
          howToFix: `${near ? `Did you mean --${near}? ` : ''}Options: ${known.map((k) => `--${k}`).join(', ')}.`,
        };
      }),
    );
  }

  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    throw GeneratorError.usage({ subject: 'arguments', problem: (error as Error).message });
  }
  const { values, positionals } = parsed;
  const [commandName, name, ...extra] = positionals;
  if (values.help || commandName === 'help' || (commandName === undefined && argv.length === 0))
    return 'help';

  if (commandName === undefined || !(commandName in COMMANDS)) {
    const near = commandName === undefined ? [] : closestMatches(commandName, Object.keys(COMMANDS), 1);
    throw GeneratorError.usage({
      subject: '<command>',
      problem: commandName === undefined ? 'is missing.' : `"${commandName}" is not a command.`,
      howToFix: `${near[0] ? `Did you mean "${near[0]}"? ` : ''}Use "server" or "tool", e.g. npm run generate -- server my-api.`,
    });
  }
  const command = commandName as Command;
  const allowed: readonly OptionName[] = COMMANDS[command];
  const misplaced = (Object.keys(values) as OptionName[]).filter((k) => !allowed.includes(k));
  if (misplaced.length > 0) {
    throw GeneratorError.usage(
      ...misplaced.map((option) => ({
        subject: `--${option}`,
        problem: `is not an option of "${command}".`,
        howToFix: `Options of "${command}": ${allowed.map((k) => `--${k}`).join(', ')}.`,
      })),
    );
  }
  const placeholder = command === 'server' ? '<name>' : '<tool-name>';
  if (name === undefined) {
    throw GeneratorError.usage({
      subject: placeholder,
      problem: 'is missing.',
      howToFix:
        command === 'server'
          ? 'Name the server, e.g. npm run generate -- server yandex-tracker.'
          : 'Name the tool, e.g. npm run generate -- tool get-issue --project apps/yandex-tracker --area issues.',
    });
  }
  if (extra.length > 0) {
    throw GeneratorError.usage({
      subject: extra.map((e) => `"${e}"`).join(' '),
      problem: `unexpected argument${extra.length > 1 ? 's' : ''} after ${placeholder}.`,
      howToFix: 'Quote values that contain spaces, e.g. --description "Reads issues."',
    });
  }
  if (values['read-only'] && values.write) {
    throw GeneratorError.usage({
      subject: '--read-only/--write',
      problem: 'both given.',
      howToFix: 'Pass --write for a tool that changes data, nothing (or --read-only) for one that does not.',
    });
  }
  return { command, name, values };
}

function required(value: string | undefined, option: string, what: string): string {
  if (value === undefined || value.trim() === '') {
    throw GeneratorError.usage({ subject: option, problem: 'is missing.', howToFix: `Pass ${what}.` });
  }
  return value;
}

function fileLines(written: readonly WrittenFile[]): string {
  return written.map((f) => `  ${f.status.padEnd(11)} ${f.path}`).join('\n');
}

function serverReport({ context, project, written }: GenerateServerResult): string {
  const run = `node --conditions=@toolsmith/source ${project}/src/bin/${context.binName}.ts`;
  return `Generated ${project} (${context.packageName}):
${fileLines(written)}

Next steps:
  1. npm install          link the new workspace package
  2. npx nx sync          add it to the root tsconfig.json references
  3. npx nx run-many -t lint typecheck test -p ${context.packageName}
                          the first local run writes the tool-definition snapshot (src/__snapshots__/): commit it,
                          CI (jest --ci) fails on a missing snapshot
  4. ${run} --help
  5. npm run generate -- tool <tool-name> --project ${project} --area <area>

Guides: docs/writing-a-server.md, docs/writing-a-tool.md.
`;
}

function toolReport({ tool, project, packageName, written }: GenerateToolResult): string {
  return `Generated ${tool.write ? 'write' : 'read'} tool ${tool.names.toolName} in ${project}:
${fileLines(written)}

Next steps:
  1. Edit the params and execute() in ${tool.names.fileName}.tool.ts: see docs/writing-a-tool.md.
  2. npx nx test ${packageName}
                          writes the new definition snapshot: review and commit it
  3. The rest of CONTRIBUTING.md's "Add a tool to a server" (a valid call for the adversary, …).
`;
}
