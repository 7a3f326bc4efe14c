/**
 * Run as its own process (`node pg-settings-child.ts <url>`): opens a pool with settings and asks
 * three new connections for queries at once, then prints the settings they saw as one JSON line.
 * Its own process so that the test sees pg's deprecation warnings on stderr (jest hides the real
 * process.emitWarning from a test).
 */
import { openPgDriver } from '../pg-driver.ts';

const driver = await openPgDriver(process.argv[2]!, {
  max: 3,
  settings: { application_name: 'toolsmith-child', 'pg_trgm.word_similarity_threshold': 0.7 },
});
try {
  const rows = await Promise.all(
    Array.from({ length: 6 }, () =>
      driver.query<{ a: string; t: string }>(
        "SELECT current_setting('application_name') AS a, current_setting('pg_trgm.word_similarity_threshold') AS t, pg_sleep(0.05)",
      ),
    ),
  );
  process.stdout.write(`${JSON.stringify(rows.map((r) => `${r[0]!.a} ${r[0]!.t}`))}\n`);
} finally {
  await driver.close();
}
