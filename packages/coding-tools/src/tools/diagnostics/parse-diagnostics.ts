/**
 * Reads checker output into one diagnostic shape: ESLint's JSON formatter (`eslint -f json`), tsc's
 * plain output (`--pretty false`: `file(line,col): error TS1234: message`, continuation lines
 * indented), and, for other tools, the common `file:line[:col]: [severity:] message` lines (gcc,
 * mypy, ruff, `eslint -f unix`, go vet).
 */

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** As the tool printed it: absolute, or relative to the directory the command ran in; '' for a global diagnostic. */
  file: string;
  /** 1-based; 0 when the tool gave no position. */
  line: number;
  column: number;
  severity: Severity;
  /** `TS2322`, an ESLint rule id… */
  code: string | undefined;
  message: string;
}

export type OutputFormat = 'eslint' | 'tsc' | 'generic';

export interface ParsedOutput {
  /** Undefined when nothing in the output looked like diagnostics. */
  format: OutputFormat | undefined;
  diagnostics: Diagnostic[];
}

interface EslintMessage {
  ruleId?: string | null;
  severity?: number;
  message?: string;
  line?: number;
  column?: number;
}

interface EslintFileResult {
  filePath: string;
  messages: EslintMessage[];
}

function isEslintResults(value: unknown): value is EslintFileResult[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        item !== null &&
        typeof item === 'object' &&
        typeof (item as { filePath?: unknown }).filePath === 'string' &&
        Array.isArray((item as { messages?: unknown }).messages),
    )
  );
}

/**
 * ESLint's JSON report, when `stdout` is one: a JSON array starting at the beginning of a line and
 * running to the end (npm may print a banner before it).
 */
export function parseEslintJson(stdout: string): Diagnostic[] | undefined {
  const start = /^\[/m.exec(stdout)?.index;
  if (start === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(stdout.slice(start));
  } catch {
    return undefined;
  }
  if (!isEslintResults(value)) return undefined;
  return value.flatMap((result) =>
    result.messages.map((message): Diagnostic => ({
      file: result.filePath,
      line: message.line ?? 0,
      column: message.column ?? 0,
      severity: message.severity === 2 ? 'error' : message.severity === 1 ? 'warning' : 'info',
      code: message.ruleId ?? undefined,
      message: message.message ?? '',
    })),
  );
}

const TSC_LINE = /^(.+?)\((\d+),(\d+)\): (error|warning|message) (TS\d+): (.*)$/;
const TSC_GLOBAL = /^(error|warning|message) (TS\d+): (.*)$/;

function tscSeverity(word: string): Severity {
  return word === 'error' ? 'error' : word === 'warning' ? 'warning' : 'info';
}

/** tsc's `--pretty false` output; continuation lines (indented) join the diagnostic above, indentation kept. */
export function parseTsc(output: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let last: Diagnostic | undefined;
  for (const raw of output.split(/\r?\n/)) {
    const located = TSC_LINE.exec(raw);
    const global = located ? undefined : TSC_GLOBAL.exec(raw);
    if (located) {
      last = {
        file: located[1]!,
        line: Number(located[2]),
        column: Number(located[3]),
        severity: tscSeverity(located[4]!),
        code: located[5],
        message: located[6]!,
      };
      diagnostics.push(last);
    } else if (global) {
      last = {
        file: '',
        line: 0,
        column: 0,
        severity: tscSeverity(global[1]!),
        code: global[2],
        message: global[3]!,
      };
      diagnostics.push(last);
    } else if (last && /^\s+\S/.test(raw)) {
      last.message += `\n${raw.trimEnd()}`;
    } else {
      last = undefined;
    }
  }
  return diagnostics;
}

/** `path/file.ext:line[:col]: [error|warning|note|info:] message [Error/rule]` */
const GENERIC_LINE =
  /^((?:[A-Za-z]:)?[^\s:][^:]*\.[A-Za-z0-9]+):(\d+)(?::(\d+))?:\s*(?:(error|warning|warn|note|info|hint)\s*(?:\[([^\]]+)\])?\s*:\s*)?(.+?)(?:\s+\[(Error|Warning)\/([^\]]+)\])?$/i;

export function parseGeneric(output: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const raw of output.split(/\r?\n/)) {
    const match = GENERIC_LINE.exec(raw.trimEnd());
    if (!match) continue;
    const word = (match[7] ?? match[4] ?? 'error').toLowerCase();
    diagnostics.push({
      file: match[1]!,
      line: Number(match[2]),
      column: match[3] === undefined ? 0 : Number(match[3]),
      severity: word === 'error' ? 'error' : word.startsWith('warn') ? 'warning' : 'info',
      code: match[8] ?? match[5],
      message: match[6]!,
    });
  }
  return diagnostics;
}

/** Tries ESLint JSON, then tsc, then the generic line format. */
export function parseDiagnostics(stdout: string, stderr: string): ParsedOutput {
  const eslint = parseEslintJson(stdout);
  if (eslint) return { format: 'eslint', diagnostics: eslint };
  const combined = `${stdout}\n${stderr}`;
  const tsc = parseTsc(combined);
  if (tsc.length > 0) return { format: 'tsc', diagnostics: tsc };
  const generic = parseGeneric(combined);
  if (generic.length > 0) return { format: 'generic', diagnostics: generic };
  return { format: undefined, diagnostics: [] };
}
