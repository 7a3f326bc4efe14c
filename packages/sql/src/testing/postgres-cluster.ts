/**
 * A throwaway PostgreSQL cluster for tests: initdb in a temporary directory, started on a free port
 * of 127.0.0.1 with the machine's `initdb`/`pg_ctl` (on PATH, or in Debian's
 * /usr/lib/postgresql/<version>/bin), stopped and deleted by `stop()`. PostgreSQL refuses to run as
 * root, so as root the cluster runs as `nobody` (runuser).
 *
 * A suite decides with `postgresForTests()`: without PostgreSQL it is skipped, saying so — except
 * under CI, where a test that needs a component never skips: the suite fails, naming what is missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@toolsmith/testing';

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** A URL to a new, empty database of the cluster. */
  createDatabase(): Promise<string>;
  stop(): void;
}

/** True when `initdb` and `pg_ctl` (PostgreSQL server binaries) are on PATH or in /usr/lib/postgresql/<version>/bin. */
export function postgresAvailable(): boolean {
  return binary('initdb') !== undefined && binary('pg_ctl') !== undefined;
}

/** Said by a suite skipped for want of PostgreSQL, and by the failure under CI. */
export const POSTGRES_MISSING =
  'needs initdb and pg_ctl (PostgreSQL server binaries) on PATH or in /usr/lib/postgresql/<version>/bin';

/** True when CI is set (CI=true, as .ci/run and most CI services set it; not "false" or "0"). */
export const underCi = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';

/**
 * Whether the PostgreSQL tests run here: true when the binaries are there. Without them: false
 * outside CI (declare the suite skipped with {@link POSTGRES_MISSING}), and under CI an error is
 * thrown — the test file fails, naming what is missing, instead of skipping silently.
 */
export function postgresForTests(
  env: NodeJS.ProcessEnv = process.env,
  /** Whether the binaries are there (tests of this rule replace it). */
  available: () => boolean = postgresAvailable,
): boolean {
  if (available()) return true;
  if (underCi(env)) {
    throw new Error(
      `The PostgreSQL tests cannot run: this machine has no PostgreSQL (the suite ${POSTGRES_MISSING}). Under CI (CI=${env.CI}) a test that needs a component is a failure, not a skip: install PostgreSQL (Debian: apt-get install postgresql), or run without CI set to skip these tests.`,
    );
  }
  return false;
}

const found = new Map<string, string | undefined>();

/** The command to run a PostgreSQL program: its name when it is on PATH, else its path in the newest /usr/lib/postgresql/<version>/bin. */
function binary(name: string): string | undefined {
  if (found.has(name)) return found.get(name);
  let command: string | undefined;
  if (spawnSync(name, ['--version']).status === 0) command = name;
  else {
    const versions = (() => {
      try {
        return readdirSync('/usr/lib/postgresql');
      } catch {
        return [];
      }
    })().sort((a, b) => Number(b) - Number(a));
    command = versions
      .map((version) => path.join('/usr/lib/postgresql', version, 'bin', name))
      .find((file) => spawnSync(file, ['--version']).status === 0);
  }
  found.set(name, command);
  return command;
}

/** A PostgreSQL program's command; throws, naming it, when the machine has none. */
function need(name: string): string {
  const command = binary(name);
  if (command === undefined)
    throw new Error(`PostgreSQL's ${name} is missing: the cluster ${POSTGRES_MISSING}.`);
  return command;
}

export async function startPostgres(): Promise<PostgresCluster> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'toolsmith-pg-'));
  chmodSync(dir, 0o755);
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, -1);
  }
  const run = (command: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'nobody', '--', command, ...args], { stdio: 'pipe' })
      : execFileSync(command, args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  run(need('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  run(need('pg_ctl'), [
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;
  return {
    url,
    async createDatabase() {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const name = `t${process.pid}_${++databases}`;
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      try {
        run(need('pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** True when the machine's PostgreSQL has `name` among its extensions (`pg_config --sharedir`/extension/<name>.control). */
export function postgresExtensionAvailable(name: string): boolean {
  const pgConfig = binary('pg_config');
  const shared = pgConfig && spawnSync(pgConfig, ['--sharedir'], { encoding: 'utf8' });
  if (!shared || shared.status !== 0) return false;
  return existsSync(path.join(shared.stdout.trim(), 'extension', `${name}.control`));
}
