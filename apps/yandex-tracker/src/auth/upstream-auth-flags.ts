/**
 * The Tracker server's own flags beside core's serve flags: `--upstream-auth server|passthrough`
 * and `--upstream-auth-header <name>` (YANDEX_TRACKER_UPSTREAM_AUTH, YANDEX_TRACKER_UPSTREAM_HEADER).
 * Taken out of the command line before core parses the rest; a flag wins over its variable. Also
 * says whether core's auth mode is the built-in authorization server (`--auth builtin`,
 * MCP_AUTH=builtin): then every user logs in at Yandex and calls Tracker as themselves.
 */
import { ConfigError } from '@toolsmith/core';

export interface UpstreamAuthFlags {
  /** The command line without these flags, for core's serve CLI. */
  readonly argv: readonly string[];
  /** The variables the flags set (to lay over the environment). */
  readonly env: Readonly<Record<string, string>>;
  /** `--auth builtin` (or MCP_AUTH=builtin): Tracker is called with each user's Yandex login. */
  readonly builtinAuth: boolean;
}

const FLAGS: Readonly<Record<string, string>> = {
  '--upstream-auth': 'YANDEX_TRACKER_UPSTREAM_AUTH',
  '--upstream-auth-header': 'YANDEX_TRACKER_UPSTREAM_HEADER',
};

export const UPSTREAM_AUTH_HELP = [
  'Upstream credentials (whose token Tracker is called with):',
  '  --upstream-auth <server|passthrough>  server (default): YANDEX_TRACKER_TOKEN, YANDEX_TRACKER_IAM_TOKEN or a',
  "                            service account (YANDEX_SA_KEY_FILE); with --auth builtin, each user's Yandex login.",
  "                            passthrough: the user's Yandex token a gateway sends in a header of its own",
  '                            (the gateway must set it and strip it from clients)   [YANDEX_TRACKER_UPSTREAM_AUTH]',
  '  --upstream-auth-header <name>  pass-through header (default X-Upstream-Authorization) [YANDEX_TRACKER_UPSTREAM_HEADER]',
].join('\n');

export function takeUpstreamAuthFlags(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): UpstreamAuthFlags {
  const rest: string[] = [];
  const set: Record<string, string> = {};
  let auth = env['MCP_AUTH'];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? split(arg) : [arg, undefined];
    const variable = FLAGS[name];
    if (name === '--auth') auth = inline ?? argv[i + 1];
    if (variable === undefined) {
      rest.push(arg);
      continue;
    }
    const value = inline ?? argv[i + 1];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new ConfigError({
        problems: [{ variable: name, problem: 'needs a value.', howToFix: `e.g. ${name} ${example(name)}` }],
      });
    }
    if (inline === undefined) i++;
    set[variable] = value;
  }
  return { argv: rest, env: set, builtinAuth: auth === 'builtin' };
}

function split(arg: string): [string, string] {
  const at = arg.indexOf('=');
  return [arg.slice(0, at), arg.slice(at + 1)];
}

const example = (name: string) => (name === '--upstream-auth' ? 'passthrough' : 'X-Upstream-Authorization');
