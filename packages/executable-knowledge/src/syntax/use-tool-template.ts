/**
 * `{{use-tool:tool-id:command[:json-args]}}` templates (the seeds' Syntax Engine): a prompt or a
 * document names a tool call inline; the engine finds each call with its position, checks it, and
 * renders the text by calling an injected executor.
 *
 *   Summarise {{use-tool:clickup:get_task:{"taskId":"86a1b2c3"}}} for the stand-up.
 *
 * Grammar: `{{use-tool:` tool-id `:` command ( `:` JSON value )? `}}` — tool ids and commands are
 * `[A-Za-z0-9_.-]+`; the JSON value is read as JSON (strings, nesting and `}}` inside it are fine).
 */

export interface TemplatePosition {
  /** 0-based offset into the text. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface ToolCallSegment {
  kind: 'tool-call';
  toolId: string;
  command: string;
  /** Parsed JSON args; `{}` when omitted. */
  args: unknown;
  /** The whole `{{use-tool:…}}` text. */
  raw: string;
  start: TemplatePosition;
  /** Offset just after the closing `}}`. */
  end: number;
}

export interface TextSegment {
  kind: 'text';
  text: string;
  start: TemplatePosition;
}

export type TemplateSegment = TextSegment | ToolCallSegment;

export interface TemplateProblem {
  message: string;
  position: TemplatePosition;
}

export interface ParsedTemplate {
  segments: TemplateSegment[];
  problems: TemplateProblem[];
}

const OPEN = '{{use-tool:';
const NAME = /^[A-Za-z0-9_.-]+/;

function positionAt(text: string, offset: number): TemplatePosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

/** End offset (exclusive) of the JSON value starting at `from`, or undefined when it never closes. */
function scanJsonValue(text: string, from: number): number | undefined {
  const first = text[from];
  if (first !== '{' && first !== '[' && first !== '"') {
    // A scalar: runs to the closing `}}`.
    const close = text.indexOf('}}', from);
    return close === -1 ? undefined : close;
  }
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') {
        inString = false;
        if (depth === 0) return i + 1;
      }
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}

/** Splits a text into plain text and tool calls, collecting every problem with its position. */
export function parseTemplate(text: string): ParsedTemplate {
  const segments: TemplateSegment[] = [];
  const problems: TemplateProblem[] = [];
  let cursor = 0;
  const pushText = (until: number) => {
    if (until > cursor)
      segments.push({ kind: 'text', text: text.slice(cursor, until), start: positionAt(text, cursor) });
  };

  for (let open = text.indexOf(OPEN); open !== -1; open = text.indexOf(OPEN, cursor)) {
    const fail = (message: string, at: number) => {
      problems.push({ message, position: positionAt(text, at) });
      pushText(open + OPEN.length);
      cursor = open + OPEN.length;
    };
    let at = open + OPEN.length;
    const toolId = NAME.exec(text.slice(at))?.[0];
    if (!toolId) {
      fail('Expected a tool id after "{{use-tool:", e.g. {{use-tool:clickup:get_task}}.', at);
      continue;
    }
    at += toolId.length;
    if (text[at] !== ':') {
      fail(`Expected ":" and a command after tool id "${toolId}", e.g. {{use-tool:${toolId}:get_task}}.`, at);
      continue;
    }
    at++;
    const command = NAME.exec(text.slice(at))?.[0];
    if (!command) {
      fail(`Expected a command name after "${toolId}:".`, at);
      continue;
    }
    at += command.length;
    let args: unknown = {};
    if (text[at] === ':') {
      at++;
      const jsonEnd = scanJsonValue(text, at);
      if (jsonEnd === undefined) {
        fail('The JSON arguments never close; check the braces and quotes.', at);
        continue;
      }
      const json = text.slice(at, jsonEnd);
      try {
        args = JSON.parse(json);
      } catch (error) {
        fail(`The arguments are not valid JSON (${(error as Error).message}).`, at);
        continue;
      }
      at = jsonEnd;
    }
    if (!text.startsWith('}}', at)) {
      fail('Expected "}}" to close the tool call.', at);
      continue;
    }
    pushText(open);
    segments.push({
      kind: 'tool-call',
      toolId,
      command,
      args,
      raw: text.slice(open, at + 2),
      start: positionAt(text, open),
      end: at + 2,
    });
    cursor = at + 2;
  }
  pushText(text.length);
  return { segments, problems };
}

export type TemplateExecutor = (call: { toolId: string; command: string; args: unknown }) => Promise<unknown>;

export class TemplateError extends Error {
  readonly problems: readonly TemplateProblem[];
  constructor(problems: readonly TemplateProblem[]) {
    super(
      [
        'The template has problems:',
        ...problems.map((p) => `- line ${p.position.line}, column ${p.position.column}: ${p.message}`),
      ].join('\n'),
    );
    this.name = 'TemplateError';
    this.problems = problems;
  }
}

/**
 * Checks every tool call with `check` (tool and command exist, arguments valid) and returns all
 * problems with their positions.
 */
export async function validateTemplate(
  text: string,
  check: (call: ToolCallSegment) => Promise<string[]> | string[],
): Promise<TemplateProblem[]> {
  const parsed = parseTemplate(text);
  const problems = [...parsed.problems];
  for (const segment of parsed.segments) {
    if (segment.kind !== 'tool-call') continue;
    for (const message of await check(segment)) problems.push({ message, position: segment.start });
  }
  return problems.sort((a, b) => a.position.offset - b.position.offset);
}

/**
 * Renders the text, replacing each tool call by its executor's result (strings verbatim, other
 * values as JSON). Refuses to render a template with syntax problems. Calls run in order.
 */
export async function renderTemplate(text: string, execute: TemplateExecutor): Promise<string> {
  const parsed = parseTemplate(text);
  if (parsed.problems.length > 0) throw new TemplateError(parsed.problems);
  let out = '';
  for (const segment of parsed.segments) {
    if (segment.kind === 'text') out += segment.text;
    else {
      const value = await execute({ toolId: segment.toolId, command: segment.command, args: segment.args });
      out += typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  return out;
}
