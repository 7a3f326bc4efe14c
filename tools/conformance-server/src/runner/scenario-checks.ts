/**
 * One scenario run's checks (the `checks.json` the suite writes into its output directory), scored:
 * a FAILURE fails the scenario unless the suite marked it untestable and the caller accepts that
 * check as untestable on this target (with the reason to print).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  description?: string;
  errorMessage?: string;
  details?: { untestable?: boolean };
}

export interface ScenarioChecks {
  passed: number;
  failed: Check[];
  warnings: Check[];
  skipped: number;
  /** Failures the suite marked untestable that the caller accepts, with why. */
  untestable: { check: Check; reason: string }[];
}

/** Reads the single `server-<scenario>-<time>/checks.json` under `outputDir`. */
export async function readScenarioChecks(
  outputDir: string,
  acceptedUntestable: Readonly<Record<string, string>> = {},
): Promise<ScenarioChecks> {
  const runs = (await readdir(outputDir, { withFileTypes: true })).filter((e) => e.isDirectory());
  if (runs.length !== 1) throw new Error(`expected one scenario run in ${outputDir}, found ${runs.length}`);
  const checks = JSON.parse(
    await readFile(path.join(outputDir, runs[0]!.name, 'checks.json'), 'utf8'),
  ) as Check[];
  const result: ScenarioChecks = { passed: 0, failed: [], warnings: [], skipped: 0, untestable: [] };
  for (const check of checks) {
    if (check.status === 'SUCCESS') result.passed++;
    else if (check.status === 'SKIPPED') result.skipped++;
    else if (check.status === 'WARNING') result.warnings.push(check);
    else if (check.status === 'FAILURE') {
      const reason = acceptedUntestable[check.id];
      if (reason !== undefined && check.details?.untestable === true)
        result.untestable.push({ check, reason });
      else result.failed.push(check);
    }
  }
  return result;
}
