/**
 * Allow / ask / deny rules per tool and pattern, in Claude Code's settings format:
 *
 *   { "allow": ["Bash(npm run test:*)", "Read"],
 *     "ask":   ["Bash(git push:*)", "Edit(package.json)", "WebFetch"],
 *     "deny":  ["Read(.env)", "Edit(.github/**)", "WebFetch(domain:*.internal.example)"],
 *     "defaultMode": "allow" }
 *
 * A rule names a tool (`Bash`) or a group (`Edit`: every tool that writes files; `Read`: every tool
 * that reads or searches them; `Bash`: every tool that runs a command), and optionally what it covers: a path glob for file tools (relative
 * to the root, or absolute; `**` crosses folders; a pattern without `/` matches the name in any
 * folder), a command for Bash (`npm test` exactly, `npm run test:*` as a prefix), a host for WebFetch
 * (`domain:example.com`, `domain:*.example.com`). Deny wins over ask, ask over allow; a call no rule
 * covers gets `defaultMode` (allow unless set). Bash commands are judged part by part (`a && b`,
 * `a | b`, `a; b`): one denied part denies the whole, and a command is allowed without asking only
 * when every part is.
 */
import path from 'node:path';
import picomatch from 'picomatch';
import { parse as parseShell } from 'shell-quote';
import { ConfigError, closestMatches } from '@toolsmith/core';

export type PermissionAction = 'allow' | 'ask' | 'deny';

/** What a tool's rules match: paths, a command, a host, or the tool alone. */
export type PermissionKind = 'path' | 'command' | 'domain' | 'none';

export interface PermissionRulesConfig {
  allow?: readonly string[];
  ask?: readonly string[];
  deny?: readonly string[];
  /** For a call no rule covers. @default 'allow' */
  defaultMode?: PermissionAction;
}

/** How a tool takes part: the kind of its subjects, and the groups whose rules apply to it. */
export interface PermissionProfile {
  kind: PermissionKind;
  groups?: readonly PermissionGroup[];
}

/**
 * Rules that apply beyond their own tool: `Edit` to every tool that writes files, `Read` to every tool
 * that reads or searches them, `Bash` to every tool that runs a command (Diagnostics' checker).
 */
export type PermissionGroup = 'Read' | 'Edit' | 'Bash';
const GROUPS: readonly PermissionGroup[] = ['Read', 'Edit', 'Bash'];
const GROUP_KIND: Record<PermissionGroup, PermissionKind> = { Read: 'path', Edit: 'path', Bash: 'command' };

export interface PermissionRule {
  /** As written in the configuration. */
  text: string;
  action: PermissionAction;
  /** A tool name or a group. */
  tool: string;
  specifier?: string;
  matches(subject: string): boolean;
}

export interface PermissionDecision {
  action: PermissionAction;
  /** The rule that decided, if a rule did (else the default mode did). */
  rule?: PermissionRule;
  /** The subject it was about (a path, a command part, a host). */
  subject?: string;
  /** A command whose parts the rules cannot see ($(…), backticks, a subshell). */
  opaque?: boolean;
}

const RULE = /^([A-Za-z][\w-]*)(?:\((.*)\))?$/s;

/** Compiles and checks the configuration against the tools there are (name → profile). */
export function compilePermissionRules(
  config: PermissionRulesConfig,
  tools: ReadonlyMap<string, PermissionProfile>,
  source = 'permissions',
): PermissionRules {
  const problems: { variable: string; problem: string; howToFix: string }[] = [];
  const rules: PermissionRule[] = [];
  const names = [...new Set([...tools.keys(), ...GROUPS])];
  for (const action of ['deny', 'ask', 'allow'] as const) {
    for (const [index, text] of (config[action] ?? []).entries()) {
      const where = `${source}.${action}[${index}]`;
      const match = RULE.exec(text.trim());
      if (!match) {
        problems.push({
          variable: where,
          problem: `"${text}" is not a rule.`,
          howToFix:
            'Write Tool or Tool(pattern), e.g. "Bash(npm run test:*)", "Edit(src/**)", "WebFetch(domain:example.com)".',
        });
        continue;
      }
      const [, tool, specifier] = match as unknown as [string, string, string | undefined];
      const kind = GROUPS.includes(tool as PermissionGroup)
        ? GROUP_KIND[tool as PermissionGroup]
        : tools.get(tool)?.kind;
      if (kind === undefined) {
        const near = closestMatches(tool, names);
        problems.push({
          variable: where,
          problem: `"${tool}" is no tool of this server.`,
          howToFix: `${near.length ? `Did you mean ${near.join(' or ')}? ` : ''}Name one of: ${names.join(', ')}.`,
        });
        continue;
      }
      const spec = specifier?.trim();
      if (spec === undefined || spec === '' || spec === '*') {
        rules.push({ text, action, tool, matches: () => true });
        continue;
      }
      const matcher = specifierMatcher(kind, spec);
      if (typeof matcher === 'string') {
        problems.push({ variable: where, problem: `"${text}": ${matcher}`, howToFix: HOW_TO_FIX[kind] });
        continue;
      }
      rules.push({ text, action, tool, specifier: spec, matches: matcher });
    }
  }
  const defaultMode = config.defaultMode ?? 'allow';
  if (!['allow', 'ask', 'deny'].includes(defaultMode)) {
    problems.push({
      variable: `${source}.defaultMode`,
      problem: `"${String(defaultMode)}" is no mode.`,
      howToFix: 'Write "allow", "ask" or "deny".',
    });
  }
  if (problems.length > 0) throw new ConfigError({ problems });
  return new PermissionRules(rules, defaultMode, tools);
}

const HOW_TO_FIX: Record<PermissionKind, string> = {
  path: 'Give a path glob relative to the root ("src/**", ".env", "*.pem") or an absolute one ("/etc/**").',
  command: 'Give the command ("npm test") or a prefix ending in :* ("npm run test:*").',
  domain: 'Write domain:<host>, e.g. "WebFetch(domain:example.com)" or "WebFetch(domain:*.example.com)".',
  none: 'This tool takes no pattern: write the tool name alone.',
};

function specifierMatcher(kind: PermissionKind, spec: string): ((subject: string) => boolean) | string {
  switch (kind) {
    case 'path': {
      const absolute = path.isAbsolute(spec);
      const matcher = picomatch(absolute ? spec : spec.replace(/^\.\//, ''), {
        dot: true,
        basename: !spec.includes('/'),
      });
      // A folder pattern covers what is inside it: "src" and "src/" as "src/**".
      const inside = picomatch(`${spec.replace(/^\.\//, '').replace(/\/+$/, '')}/**`, { dot: true });
      return (subject) => matcher(subject) || inside(subject);
    }
    case 'command': {
      if (spec.endsWith(':*')) {
        const prefix = spec.slice(0, -2).trim();
        if (prefix === '') return 'the prefix before :* is empty.';
        return (subject) => subject === prefix || subject.startsWith(`${prefix} `);
      }
      return (subject) => subject === spec;
    }
    case 'domain': {
      if (!spec.startsWith('domain:')) return 'a WebFetch pattern starts with domain:.';
      const host = spec.slice('domain:'.length).trim().toLowerCase();
      if (host === '') return 'the host after domain: is empty.';
      if (host.startsWith('*.')) {
        const base = host.slice(2);
        return (subject) => subject === base || subject.endsWith(`.${base}`);
      }
      return (subject) => subject === host;
    }
    case 'none':
      return 'this tool takes no pattern.';
  }
}

/** The parts of a shell command the rules judge one by one: `a && b | c; d` → a, b, c, d. */
export function commandParts(command: string): { parts: string[]; opaque: boolean } {
  const parts: string[] = [];
  let opaque = /\$\(|`|<\(|>\(/.test(command);
  let words: string[] = [];
  const flush = () => {
    if (words.length > 0) parts.push(words.join(' '));
    words = [];
  };
  for (const token of parseShell(command)) {
    if (typeof token === 'string') words.push(token);
    else if ('op' in token) {
      if (token.op === 'glob') words.push((token as { pattern: string }).pattern);
      else if (['(', ')', '<', '>', '>>', '<&', '>&'].includes(token.op)) {
        // Redirections and subshells: their operands stay words of the part.
        if (token.op === '(' || token.op === ')') opaque = true;
      } else flush();
    } else opaque = true; // a comment or anything shell-quote cannot say plainly
  }
  flush();
  return { parts, opaque };
}

const SEVERITY: Record<PermissionAction, number> = { allow: 0, ask: 1, deny: 2 };

export class PermissionRules {
  readonly rules: readonly PermissionRule[];
  readonly defaultMode: PermissionAction;
  readonly #tools: ReadonlyMap<string, PermissionProfile>;

  constructor(
    rules: readonly PermissionRule[],
    defaultMode: PermissionAction,
    tools: ReadonlyMap<string, PermissionProfile>,
  ) {
    this.rules = rules;
    this.defaultMode = defaultMode;
    this.#tools = tools;
  }

  /** Whether any rule or a default other than allow could stop a call: when not, checks are skipped. */
  get active(): boolean {
    return this.rules.length > 0 || this.defaultMode !== 'allow';
  }

  /** The decision for one call of `tool` about `subjects` (paths, a command, a host; none for the tool alone). */
  decide(tool: string, subjects: readonly string[]): PermissionDecision {
    const profile = this.#tools.get(tool) ?? { kind: 'none' as const };
    const applies = (rule: PermissionRule) =>
      rule.tool === tool || (profile.groups ?? []).includes(rule.tool as PermissionGroup);
    const judge = (subject: string | undefined): PermissionDecision => {
      let decided: PermissionDecision | undefined;
      for (const rule of this.rules) {
        if (!applies(rule)) continue;
        if (rule.specifier !== undefined && (subject === undefined || !rule.matches(subject))) continue;
        if (decided === undefined || SEVERITY[rule.action] > SEVERITY[decided.action]) {
          decided = { action: rule.action, rule, ...(subject !== undefined ? { subject } : {}) };
        }
      }
      return decided ?? { action: this.defaultMode, ...(subject !== undefined ? { subject } : {}) };
    };
    if (profile.kind === 'command' && subjects.length > 0) {
      const command = subjects[0]!;
      const { parts, opaque } = commandParts(command);
      if (parts.length === 0) return judge(command);
      // A rule written for the whole command line counts too (not the default: its parts decide that).
      const whole = judge(command);
      const decisions = [...(whole.rule ? [whole] : []), ...parts.map(judge)];
      const worst = decisions.reduce((a, b) => (SEVERITY[b.action] > SEVERITY[a.action] ? b : a));
      if (worst.action !== 'allow') return worst;
      // A command substitution or subshell hides what it runs from the rules: when any rule could
      // stop a part, such a command is not run without asking.
      const guarded =
        this.defaultMode !== 'allow' || this.rules.some((r) => applies(r) && r.action !== 'allow');
      if (opaque && guarded) return { action: 'ask', subject: command, opaque: true };
      return worst;
    }
    if (subjects.length === 0) return judge(undefined);
    return subjects.map(judge).reduce((a, b) => (SEVERITY[b.action] > SEVERITY[a.action] ? b : a));
  }
}
