/** The `yandex-tracker-mcp` command line: parses the flags, reads the config, serves. Started by bin/yandex-tracker-mcp.ts. */
import { ConfigError } from '@toolsmith/core';
import { runServeCli } from '@toolsmith/core/mcp';
import {
  takeUpstreamAuthFlags,
  UPSTREAM_AUTH_HELP,
  type UpstreamAuthFlags,
} from './auth/upstream-auth-flags.ts';
import { yandexBuiltinAuth } from './auth/yandex-builtin-auth.ts';
import { loadConfig, type TrackerConfig } from './config.ts';
import {
  createDepsFactory,
  createRegistry,
  SERVER_INSTRUCTIONS,
  SERVER_NAME,
  SERVER_VERSION,
  type DepsFactory,
} from './server.ts';

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  let flags: UpstreamAuthFlags;
  try {
    flags = takeUpstreamAuthFlags(argv, process.env);
  } catch (error) {
    if (!ConfigError.isInstance(error)) throw error;
    process.stderr.write(`${error.message}\n\nRun with --help to see the options.\n`);
    process.exitCode = 2;
    return;
  }
  let factory: DepsFactory | undefined;
  let config: TrackerConfig | undefined;
  await runServeCli({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    instructions: SERVER_INSTRUCTIONS,
    registry: createRegistry(),
    argv: flags.argv,
    createDeps: ({ logger }) => {
      config = loadConfig(
        { ...process.env, ...flags.env },
        flags.builtinAuth ? { upstreamAuth: 'login' } : {},
      );
      if (config.upstreamAuth.mode === 'passthrough') {
        // Until core's serve CLI lets the app wrap its resource server, the header cannot be read
        // here: refusing to start says so, where a running server would refuse every call.
        throw new ConfigError({
          problems: [
            {
              variable: '--upstream-auth',
              problem:
                "is passthrough, which yandex-tracker-mcp's command line cannot serve yet: core's serve CLI gives the app no hook to read the gateway header.",
              howToFix:
                'Embed the server with serveHttp({ auth: createPassthroughResourceServer(...), depsFor }) from @toolsmith/yandex-tracker-mcp, or use --upstream-auth server (a token or a service account).',
            },
          ],
        });
      }
      factory = createDepsFactory(config, { logger });
      return factory.deps;
    },
    // Each caller with upstream credentials (--auth builtin, pass-through) gets deps of their own.
    depsFor: (auth) => factory!.depsFor(auth),
    // --auth builtin: made once listening, after createDeps read the Yandex OAuth app (login mode).
    builtinAuth: yandexBuiltinAuth(() => {
      const upstream = config!.upstreamAuth;
      if (upstream.mode !== 'login')
        throw new Error('--auth builtin without the login mode: a bug in cli.ts');
      return upstream.yandexOAuth;
    }),
    // Scrubbed from the log lines sent to clients (notifications/message), besides secret-looking keys.
    secrets: () => [
      process.env.YANDEX_TRACKER_TOKEN,
      process.env.YANDEX_TRACKER_IAM_TOKEN,
      process.env.YANDEX_SA_PRIVATE_KEY,
      process.env.YANDEX_OAUTH_CLIENT_SECRET,
    ],
    helpText: [
      'Environment (see the README for all variables):',
      '  YANDEX_TRACKER_TOKEN       OAuth token (or YANDEX_TRACKER_IAM_TOKEN for an IAM token,',
      "                             or YANDEX_SA_KEY_FILE for a service account's authorized key)",
      '  YANDEX_ORG_ID              Yandex 360 organisation id (or YANDEX_CLOUD_ORG_ID)',
      '  YANDEX_TRACKER_QUEUES      Optional allow-list of queue keys, e.g. DEMO,OPS',
      '  YANDEX_TRACKER_READ_ONLY_QUEUES  Optional read-only queue keys',
      '',
      UPSTREAM_AUTH_HELP,
      '',
      'Default toolsets: issues, issues_write, comments, meta. Enable more with --toolsets, e.g.',
      '  --toolsets issues,comments,worklogs,meta   or   --toolsets all',
    ].join('\n'),
  });
}
