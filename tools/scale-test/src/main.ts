/**
 * `npm run test:scale` — stateless scale-out behind a real proxy: three replicas of the Yandex
 * Tracker MCP server behind nginx, clients of both protocol eras, one replica killed mid-run
 * (scale-run.ts). Progress goes to stdout; the last stdout line is the result as JSON:
 *
 *   {"replicas":3,"calls":320,"failed":0,"p50_ms":…,"p99_ms":…, …}
 *
 * Exits 1 when any call failed or the run could not be made.
 *
 *   --replicas N (default 3)  --clients-per-era N (default 4)  --calls-per-client N (default 40)
 */
import { parseArgs } from 'node:util';
import { installExitCleanup } from './exit-cleanup.ts';
import { runScaleTest } from './scale-run.ts';

installExitCleanup();
const { values } = parseArgs({
  options: {
    replicas: { type: 'string', default: '3' },
    'clients-per-era': { type: 'string', default: '4' },
    'calls-per-client': { type: 'string', default: '40' },
  },
});
const count = (flag: 'replicas' | 'clients-per-era' | 'calls-per-client', min: number) => {
  const value = Number(values[flag]);
  if (!Number.isInteger(value) || value < min) {
    console.error(`scale-test: --${flag} must be a whole number of at least ${min} (got "${values[flag]}")`);
    process.exit(2);
  }
  return value;
};
const replicas = count('replicas', 2);
const clientsPerEra = count('clients-per-era', 1);
const callsPerClient = count('calls-per-client', 2);
try {
  const summary = await runScaleTest({
    replicas,
    clientsPerEra,
    callsPerClient,
    log: (line) => console.log(`scale-test: ${line}`),
  });
  console.log(JSON.stringify(summary));
  if (summary.failed > 0) process.exitCode = 1;
} catch (error) {
  console.error(
    `scale-test: FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  // Still end with the one JSON line a caller parses.
  console.log(
    JSON.stringify({
      replicas,
      calls: 0,
      failed: 1,
      p50_ms: 0,
      p99_ms: 0,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
  process.exitCode = 1;
}
