import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { describeDriver } from './__fixtures__/driver-suite.ts';
import { openPgliteDriver } from './pglite-driver.ts';
import { pgliteTemplate } from './pglite-template.ts';

describeDriver('PGlite (in memory)', {
  open: async () => openPgliteDriver({ memory: true }, { loadDataDir: await pgliteTemplate() }),
});

describe('openPgliteDriver in a directory', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('creates the directory, keeps the data, and ignores the template once a database exists', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'sql-pglite-'));
    dirs.push(parent);
    const dir = path.join(parent, 'nested', 'db');
    const template = await pgliteTemplate();
    const first = await openPgliteDriver(dir, { loadDataDir: template });
    expect(first.kind).toBe('pglite');
    await first.query('CREATE TABLE kept (x integer)');
    await first.query('INSERT INTO kept VALUES (42)');
    await first.close();
    const again = await openPgliteDriver(dir, { loadDataDir: template });
    expect(await again.query('SELECT x FROM kept')).toEqual([{ x: 42 }]);
    await again.close();
  });

  it('applies its settings to the connection', async () => {
    const db = await openPgliteDriver(
      { memory: true },
      {
        loadDataDir: await pgliteTemplate(),
        settings: { enable_seqscan: 'off', application_name: 'toolsmith-test' },
      },
    );
    try {
      expect(
        await db.query(
          "SELECT current_setting('enable_seqscan') AS s, current_setting('application_name') AS a",
        ),
      ).toEqual([{ s: 'off', a: 'toolsmith-test' }]);
    } finally {
      await db.close();
    }
  });
});
