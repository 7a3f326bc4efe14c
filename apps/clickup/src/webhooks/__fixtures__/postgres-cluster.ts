/**
 * A throwaway PostgreSQL cluster for tests: initdb in a temporary directory, started on a free port
 * of 127.0.0.1 with the machine's `initdb`/`pg_ctl`, stopped and deleted by `stop()`. PostgreSQL
 * refuses to run as root, so as root the cluster runs as `nobody` (runuser). Undefined when the
 * binaries are missing (the suite is skipped then, saying so).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '@toolsmith/testing';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** A URL to a new, empty database of the cluster. */
  createDatabase(): Promise<string>;
  stop(): void;
}

export function postgresAvailable(): boolean {
  return spawnSync('initdb', ['--version']).status === 0 && spawnSync('pg_ctl', ['--version']).status === 0;
}

export async function startPostgres(): Promise<PostgresCluster> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'clickup-pg-'));
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
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
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
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
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
