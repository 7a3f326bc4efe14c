/**
 * A team deployment of the Tracker server on one machine, every part real: replicas of
 * `yandex-tracker-mcp --transport http --auth builtin` sharing one PostgreSQL database
 * (`DATABASE_URL`, a throwaway cluster) and one `MCP_AUTH_ENCRYPTION_KEYS`, nginx in front
 * (round robin, `--public-url` is nginx's `/mcp`), and the emulator as Yandex OAuth and Tracker,
 * its token endpoint seen through a recording proxy. Optionally one more process, `--auth none`
 * with the emulator's token, reachable through nginx only when pinned: the unauthenticated baseline
 * of the latency figures.
 */
import { randomBytes } from 'node:crypto';
import type { SqlDriver } from '@toolsmith/sql';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { startNginx, type NginxFront } from './nginx-front.ts';
import { startRecordingProxy, type RecordingProxy } from './recording-proxy.ts';
import { startReplica, type ReplicaProcess } from './replica-process.ts';

export interface ReplicaDeployment {
  readonly emulator: TrackerEmulator;
  /** In front of the emulator's Yandex OAuth: every Yandex token exchange, answers included. */
  readonly yandexOAuth: RecordingProxy;
  readonly nginx: NginxFront;
  /** nginx's `/mcp`: what clients are given and every replica's `--public-url`. */
  readonly mcpUrl: string;
  readonly databaseUrl: string;
  /** `MCP_AUTH_ENCRYPTION_KEYS` of every replica. */
  readonly encryptionKeys: string;
  /** The auth replicas by name (`a`, `b`, …), and the unauthenticated one if asked for. */
  readonly replicas: ReadonlyMap<string, ReplicaProcess>;
  /** A query on the shared database, as its owner (the test looking at what the replicas wrote). */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface ReplicaDeploymentOptions {
  /** A fresh directory for nginx's files. */
  dir: string;
  /** @default ['a', 'b'] */
  replicas?: readonly string[];
  /** The name of an `--auth none` process to start too (pinned only, never balanced). */
  unauthenticated?: string;
}

export async function startReplicaDeployment(options: ReplicaDeploymentOptions): Promise<ReplicaDeployment> {
  const names = options.replicas ?? ['a', 'b'];
  const cleanup: (() => Promise<unknown> | unknown)[] = [];
  const close = async () => {
    for (const step of cleanup.splice(0).reverse()) await Promise.resolve(step()).catch(() => undefined);
  };
  try {
    const { startPostgres } = await import('@toolsmith/sql/testing');
    const { openPgDriver } = await import('@toolsmith/sql');
    const emulator = await createTrackerEmulator();
    cleanup.push(() => emulator.close());
    const yandexOAuth = await startRecordingProxy(emulator.url);
    cleanup.push(() => yandexOAuth.close());
    const cluster = await startPostgres();
    cleanup.push(() => cluster.stop());
    const databaseUrl = await cluster.createDatabase();
    const driver: SqlDriver = await openPgDriver(databaseUrl, { max: 1 });
    cleanup.push(() => driver.close());
    const nginx = await startNginx(options.dir);
    cleanup.push(() => nginx.stop());

    const mcpUrl = `${nginx.origin}/mcp`;
    emulator.oauth.addRedirectUri(`${nginx.origin}/oauth/callback`);
    const encryptionKeys = `k1:${randomBytes(32).toString('base64url')}`;
    const tracker = { YANDEX_TRACKER_API_BASE: emulator.url, YANDEX_ORG_ID: emulator.orgId };
    const replicaEnv = {
      ...tracker,
      YANDEX_OAUTH_CLIENT_ID: emulator.oauth.clientId,
      YANDEX_OAUTH_CLIENT_SECRET: emulator.oauth.clientSecret,
      YANDEX_OAUTH_BASE: emulator.oauth.base.replace(emulator.url, yandexOAuth.origin),
      YANDEX_LOGIN_BASE: emulator.oauth.loginBase,
      DATABASE_URL: databaseUrl,
      MCP_AUTH_ENCRYPTION_KEYS: encryptionKeys,
    };
    // All at once, as an orchestrator starts them: the first start creates the table and the
    // server keys, concurrently.
    const started = await Promise.allSettled([
      ...names.map((name) =>
        startReplica({ name, args: ['--auth', 'builtin', '--public-url', mcpUrl], env: replicaEnv }),
      ),
      ...(options.unauthenticated
        ? [
            startReplica({
              name: options.unauthenticated,
              args: [],
              env: { ...tracker, YANDEX_TRACKER_TOKEN: emulator.token },
            }),
          ]
        : []),
    ]);
    for (const result of started) if (result.status === 'fulfilled') cleanup.push(() => result.value.stop());
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const replicas = new Map(
      started.map((result) => [
        (result as PromiseFulfilledResult<ReplicaProcess>).value.name,
        (result as PromiseFulfilledResult<ReplicaProcess>).value,
      ]),
    );
    await nginx.route(
      Object.fromEntries([...replicas].map(([name, replica]) => [name, replica.port])),
      names,
    );
    await untilEachAnswersThroughNginx(nginx, [...replicas.keys()]);
    return {
      emulator,
      yandexOAuth,
      nginx,
      mcpUrl,
      databaseUrl,
      encryptionKeys,
      replicas,
      query: (sql, params) => driver.query(sql, params),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** After the reload: `/health` through nginx, pinned to each replica, answers 200. */
async function untilEachAnswersThroughNginx(nginx: NginxFront, names: readonly string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (const name of names) {
    for (;;) {
      const status = await fetch(`${nginx.origin}/health`, { headers: { 'x-replica': name } }).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > deadline) {
        throw new Error(`nginx does not reach replica ${name} (HTTP ${status}):\n${await nginx.errorLog()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
