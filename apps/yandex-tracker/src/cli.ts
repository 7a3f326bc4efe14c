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
import { TRACKER_SEARCH_GLOSSARY } from './tools/search-glossary.ts';

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
    command: 'yandex-tracker-mcp',
    version: SERVER_VERSION,
    instructions: SERVER_INSTRUCTIONS,
    searchTools: { glossary: TRACKER_SEARCH_GLOSSARY },
    registry: createRegistry(),
    argv: flags.argv,
    createDeps: ({ logger, transport }) => {
      config = loadConfig(
        { ...process.env, ...flags.env },
        flags.builtinAuth ? { upstreamAuth: 'login' } : {},
      );
      if (config.upstreamAuth.mode === 'passthrough' && transport === 'stdio') {
        // Over stdio there are no request headers: every call would be refused.
        throw new ConfigError({
          problems: [
            {
              variable: '--upstream-auth',
              problem:
                "is passthrough, which reads each user's Yandex token from a gateway's HTTP header: over stdio there is none.",
              howToFix:
                'Serve HTTP behind the gateway (--transport http), or over stdio give the server its own credentials (YANDEX_TRACKER_TOKEN, YANDEX_TRACKER_IAM_TOKEN or YANDEX_SA_KEY_FILE) with --upstream-auth server.',
            },
          ],
        });
      }
      factory = createDepsFactory(config, { logger });
      return factory.deps;
    },
    // Pass-through: each MCP request is also authenticated by the gateway's header, which carries
    // the user's Yandex token (after the MCP token when --auth is set too).
    wrapAuth: async (auth, { resource, logger }) => {
      const upstream = config!.upstreamAuth;
      if (upstream.mode !== 'passthrough') return auth;
      // Loaded only in this mode (core's auth entry brings jose): start-up stays as it was.
      const [{ createPassthroughAuthenticator }, { createPassthroughResourceServer }] = await Promise.all([
        import('./auth/passthrough-authenticator.ts'),
        import('./auth/passthrough-resource-server.ts'),
      ]);
      return createPassthroughResourceServer({
        authenticator: createPassthroughAuthenticator({ header: upstream.header }),
        inner: auth,
        resource,
        logger,
      });
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
