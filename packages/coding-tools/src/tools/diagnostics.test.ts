import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { noProgress, silentLogger, type ToolCallResult } from '@toolsmith/core';
import { CodingSession, type CodingSessionOptions } from '../session/coding-session.ts';
import { defaultTscCommand, DiagnosticsTool } from './diagnostics.ts';

/** The workspace's TypeScript and ESLint, used on real temporary projects. */
const WORKSPACE_BIN = path.resolve(import.meta.dirname, '../../../../node_modules/.bin');
const TSC = path.join(WORKSPACE_BIN, 'tsc');
const ESLINT = path.join(WORKSPACE_BIN, 'eslint');
const ESLINT_REPORT = readFileSync(
  path.join(import.meta.dirname, 'diagnostics/__fixtures__/eslint-report.json'),
  'utf8',
);

let root: string;

function write(relative: string, content: string): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function typescriptProject(): void {
  write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
      },
      include: ['src'],
    }),
  );
  write(
    'src/a.ts',
    [
      "export const count: number = 'three';",
      'interface Options { verbose: boolean }',
      'export function run(options: Options): void { void options; }',
      "run({ verbose: true, colour: 'red' });",
      '',
    ].join('\n'),
  );
  write(
    'src/chain.ts',
    'export const handler: (input: { id: string }) => void = (input: { id: number }) => { void input; };\n',
  );
  write('src/clean.ts', 'export const fine = 1;\n');
}

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'diagnostics-tool-')));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function diagnose(
  args: Record<string, unknown>,
  options: Partial<CodingSessionOptions> = {},
): Promise<ToolCallResult> {
  return new DiagnosticsTool().run(args, {
    deps: { session: new CodingSession({ root, ...options }) },
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: 'Diagnostics',
  });
}

function text(result: ToolCallResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

const CHAIN = [
  "src/chain.ts:1:14 error TS2322: Type '(input: { id: number; }) => void' is not assignable to type '(input: { id: string; }) => void'.",
  "  Types of parameters 'input' and 'input' are incompatible.",
  "    Type '{ id: string; }' is not assignable to type '{ id: number; }'.",
  "      Types of property 'id' are incompatible.",
  "        Type 'string' is not assignable to type 'number'.",
];

// tsc takes a couple of seconds per run.
jest.setTimeout(60_000);

describe('Diagnostics with tsc (real TypeScript project)', () => {
  it("runs the project's own tsc by default and reports file:line:col severity code: message", async () => {
    typescriptProject();
    mkdirSync(path.join(root, 'node_modules/.bin'), { recursive: true });
    symlinkSync(realpathSync(TSC), path.join(root, 'node_modules/.bin/tsc'));
    expect(defaultTscCommand(root)).toBe(
      `${path.join(root, 'node_modules/.bin/tsc')} --noEmit --pretty false`,
    );
    const result = await diagnose({});
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe(
      [
        'Found 3 errors and 0 warnings in 2 files (tsc):',
        "src/a.ts:1:14 error TS2322: Type 'string' is not assignable to type 'number'.",
        "src/a.ts:4:22 error TS2353: Object literal may only specify known properties, and 'colour' does not exist in type 'Options'.",
        ...CHAIN,
      ].join('\n'),
    );
  });

  it('runs a given command, filters to one file and caps per file', async () => {
    typescriptProject();
    const command = `${TSC} --noEmit --pretty false -p .`;
    expect(text(await diagnose({ command, file_path: 'src/chain.ts' }))).toBe(
      ['Found 1 error and 0 warnings in 1 file (tsc):', ...CHAIN].join('\n'),
    );
    expect(text(await diagnose({ command, file_path: 'src/a.ts', max_per_file: 1 }))).toBe(
      [
        'Found 2 errors and 0 warnings in 1 file (tsc):',
        "src/a.ts:1:14 error TS2322: Type 'string' is not assignable to type 'number'.",
        '… and 1 more in src/a.ts',
      ].join('\n'),
    );
    expect(text(await diagnose({ command, file_path: 'src/clean.ts' }))).toBe(
      'No errors found in src/clean.ts (3 errors and 0 warnings in other files).',
    );
  });

  it('says "No errors found." for a clean project', async () => {
    typescriptProject();
    rmSync(path.join(root, 'src/a.ts'));
    rmSync(path.join(root, 'src/chain.ts'));
    expect(text(await diagnose({ command: `${TSC} --noEmit --pretty false` }))).toBe('No errors found.');
  });

  it('reports project-level tsc errors', async () => {
    typescriptProject();
    expect(text(await diagnose({ command: `${TSC} --noEmit --pretty false -p missing` }))).toBe(
      [
        'Found 1 error and 0 warnings (tsc):',
        "(project) error TS5058: The specified path does not exist: 'missing'.",
      ].join('\n'),
    );
  });

  it('refuses the default check without tsconfig.json, and says when tsc is missing', async () => {
    const noConfig = await diagnose({});
    expect(noConfig.isError).toBe(true);
    expect(text(noConfig)).toContain(
      `- command: The default check (tsc) needs a tsconfig.json in the project root ${root}, and there is none. Pass command,`,
    );
    typescriptProject();
    const noTsc = await diagnose({}, { env: { PATH: '/nonexistent-bin' } });
    expect(noTsc.isError).toBe(true);
    expect(text(noTsc)).toMatch(
      /^TypeScript's tsc was not found: there is no node_modules\/\.bin\/tsc under the project root and no tsc on PATH \(.*tsc: .*not found\)\. Install typescript in the project, or pass command with the checker to run\.$/,
    );
  });
});

describe('Diagnostics with ESLint', () => {
  it('parses a real ESLint JSON report: errors first, rule ids, fatal parse errors', async () => {
    write('report.json', ESLINT_REPORT.replaceAll('/project/', `${root}/`));
    const result = await diagnose({ command: 'cat report.json' });
    expect(text(result)).toBe(
      [
        'Found 2 errors and 1 warning in 2 files (ESLint):',
        "src/a.js:1:7 error no-unused-vars: 'unused' is assigned a value but never used.",
        'src/a.js:2:1 warning no-console: Unexpected console statement.',
        'src/broken.js:1:7 error Parsing error: Unexpected token =',
      ].join('\n'),
    );
  });

  it('runs the workspace eslint on a temporary project with a flat config', async () => {
    write(
      'eslint.config.mjs',
      "export default [{ files: ['**/*.js'], rules: { 'no-unused-vars': 'error', 'no-console': 'warn' } }];\n",
    );
    write('src/app.js', 'const unused = 1;\nconsole.log("hi");\n');
    write('src/ok.js', 'export const used = 1;\n');
    const result = await diagnose({ command: `${ESLINT} -f json src`, timeout: 60_000 });
    expect(text(result)).toBe(
      [
        'Found 1 error and 1 warning in 1 file (ESLint):',
        "src/app.js:1:7 error no-unused-vars: 'unused' is assigned a value but never used.",
        'src/app.js:2:1 warning no-console: Unexpected console statement.',
      ].join('\n'),
    );
    expect(text(await diagnose({ command: `${ESLINT} -f json src/ok.js`, timeout: 60_000 }))).toBe(
      'No errors found.',
    );
  });
});

describe('Diagnostics: other outputs and failures', () => {
  it('reads generic file:line:col lines', async () => {
    const result = await diagnose({
      command:
        "echo 'lib/x.go:4:2: warning: unreachable code'; echo 'main.c:3:5: error: missing semicolon'; exit 1",
    });
    expect(text(result)).toBe(
      [
        'Found 1 error and 1 warning in 2 files (checker output):',
        'lib/x.go:4:2 warning unreachable code',
        'main.c:3:5 error missing semicolon',
      ].join('\n'),
    );
  });

  it('shows unrecognised output of a failing command instead of claiming success', async () => {
    const result = await diagnose({ command: 'echo "Something odd happened"; exit 3' });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe(
      '`echo "Something odd happened"; exit 3` exited with code 3, and its output does not read as diagnostics (tsc, ESLint -f json, or file:line:col lines). Its output:\nSomething odd happened',
    );
  });

  it('refuses a command that does not exist', async () => {
    const result = await diagnose({ command: 'no-such-checker --json' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      /- command: The command could not be run: .*no-such-checker: .*not found\. Check its spelling, or call it through npx\./,
    );
  });

  it('stops a command that exceeds its timeout', async () => {
    const started = Date.now();
    const result = await diagnose({ command: 'sleep 30', timeout: 300 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'The check `sleep 30` did not finish within 300 ms and was stopped with every process it started. Raise timeout (max 600000), or check a smaller part of the project (e.g. tsc -p <package>/tsconfig.json).',
    );
  });

  it('refuses a file_path outside the root', async () => {
    const result = await diagnose({ command: 'true', file_path: '../elsewhere.ts' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('- file_path: "../elsewhere.ts" is outside the project root');
  });
});
