/**
 * A throwaway PostgreSQL cluster for tests: initdb in a temporary directory, started on a free port
 * of 127.0.0.1 with the machine's `initdb`/`pg_ctl`, stopped and deleted by `stop()`. PostgreSQL
 * refuses to run as root, so as root the cluster runs as `nobody` (runuser). Check
 * `postgresAvailable()` first and skip the suite, saying so, when the binaries are missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
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

/** True when `initdb` and `pg_ctl` (PostgreSQL server binaries) are on PATH. */
export function postgresAvailable(): boolean {
  return spawnSync('initdb', ['--version']).status === 0 && spawnSync('pg_ctl', ['--version']).status === 0;
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
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  run('pg_ctl', [
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
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** True when the machine's PostgreSQL has `name` among its extensions (`pg_config --sharedir`/extension/<name>.control). */
export function postgresExtensionAvailable(name: string): boolean {
  const found = spawnSync('pg_config', ['--sharedir'], { encoding: 'utf8' });
  if (found.status !== 0) return false;
  return existsSync(path.join(found.stdout.trim(), 'extension', `${name}.control`));
}
