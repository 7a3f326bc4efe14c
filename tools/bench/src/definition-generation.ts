/**
 * Definition generation for 100 distinct tools: toolsmith's `generateDefinitionFromSchema` against the raw
 * converter it wraps (`z.toJSONSchema` for zod 4, zod-to-json-schema for zod 3), in three states:
 * cold (first conversion in a fresh process), fresh schemas (new schema objects, warm JIT) and warm
 * (the same schemas again). Reported as milliseconds per 100 tools.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  DEFINITION_LABELS,
  DEFINITION_VARIANTS,
  loadConverter,
  type Converter,
  type DefinitionVariant,
} from './fixtures/definition-variants.ts';
import { generateToolSpecs } from './fixtures/tool-specs.ts';
import type { BenchmarkResult, ResultRow } from './report.ts';
import { sized } from './smoke.ts';
import { cpuUsSince, elapsedMs, summarize } from './stats.ts';

const TOOL_COUNT = 100;
const COLD_RUNS = sized(6, 1);
const FRESH_RUNS = sized(20, 1);
const WARMUP_PASSES = sized(10, 1);
const WARM_PASSES = sized(40, 1);

const COLD_WORKER = fileURLToPath(new URL('./workers/definition-cold.ts', import.meta.url));
const run = promisify(execFile);

type Samples = Record<DefinitionVariant, number[]>;
const emptySamples = (): Samples => ({ 'core-zod4': [], 'raw-zod4': [], 'core-zod3': [], 'raw-zod3': [] });

interface ColdSample {
  importMs: number;
  firstMs: number;
  firstCpuMs: number;
  secondMs: number;
}

interface Measured {
  wall: Samples;
  cpu: Samples;
}
const emptyMeasured = (): Measured => ({ wall: emptySamples(), cpu: emptySamples() });

async function coldRun(variant: DefinitionVariant): Promise<ColdSample> {
  const { stdout } = await run(process.execPath, ['--conditions=@toolsmith/source', COLD_WORKER, variant]);
  return JSON.parse(stdout) as ColdSample;
}

/** Converts every schema once; records wall and CPU milliseconds of the pass when `into` is given. */
function timePass(
  converter: Converter,
  schemas: readonly unknown[],
  into?: Measured,
  variant?: DefinitionVariant,
): void {
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (const schema of schemas) converter.convert(schema);
  const ms = elapsedMs(start);
  if (into && variant) {
    into.wall[variant].push(ms);
    into.cpu[variant].push(cpuUsSince(cpuStart) / 1000);
  }
}

function rows(measured: Measured): ResultRow[] {
  const row = (variant: DefinitionVariant, versus?: DefinitionVariant): ResultRow => ({
    label: DEFINITION_LABELS[variant],
    summary: summarize(measured.wall[variant]),
    cpu: summarize(measured.cpu[variant]),
    ...(versus ? { versus: DEFINITION_LABELS[versus] } : {}),
  });
  return [row('raw-zod4'), row('core-zod4', 'raw-zod4'), row('raw-zod3'), row('core-zod3', 'raw-zod3')];
}

export async function runDefinitionGeneration(): Promise<BenchmarkResult> {
  const specs = generateToolSpecs(TOOL_COUNT);

  // cold: a fresh process per sample, variants interleaved (sequential, so runs do not compete for cores)
  const cold = emptyMeasured();
  const coldImport = emptySamples();
  for (let i = 0; i < COLD_RUNS; i++) {
    for (const variant of DEFINITION_VARIANTS) {
      const sample = await coldRun(variant);
      cold.wall[variant].push(sample.firstMs);
      cold.cpu[variant].push(sample.firstCpuMs);
      coldImport[variant].push(sample.importMs);
    }
  }

  const converters = Object.fromEntries(
    await Promise.all(
      DEFINITION_VARIANTS.map(async (variant) => [variant, await loadConverter(variant)] as const),
    ),
  ) as Record<DefinitionVariant, Converter>;

  // fresh schemas: new schema objects each pass (zod builds some state lazily per schema), warm JIT
  const fresh = emptyMeasured();
  for (const variant of DEFINITION_VARIANTS)
    timePass(converters[variant], specs.map(converters[variant].build));
  for (let i = 0; i < FRESH_RUNS; i++) {
    for (const variant of DEFINITION_VARIANTS)
      timePass(converters[variant], specs.map(converters[variant].build), fresh, variant);
  }

  // warm: the same schemas converted again and again
  const warm = emptyMeasured();
  const built = Object.fromEntries(
    DEFINITION_VARIANTS.map((v) => [v, specs.map(converters[v].build)]),
  ) as Record<DefinitionVariant, unknown[]>;
  for (const variant of DEFINITION_VARIANTS) {
    for (let i = 0; i < WARMUP_PASSES; i++) timePass(converters[variant], built[variant]);
  }
  for (let i = 0; i < WARM_PASSES; i++) {
    for (const variant of DEFINITION_VARIANTS) timePass(converters[variant], built[variant], warm, variant);
  }

  const importMedian = (variant: DefinitionVariant) => summarize(coldImport[variant]).median.toFixed(0);
  return {
    name: 'definition-generation',
    tables: [
      {
        title: `cold: first conversion of ${TOOL_COUNT} schemas in a fresh process, ms per ${TOOL_COUNT} tools`,
        unit: 'ms',
        rows: rows(cold),
      },
      {
        title: `fresh schemas: ${TOOL_COUNT} newly built schemas, warm JIT, ms per ${TOOL_COUNT} tools`,
        unit: 'ms',
        rows: rows(fresh),
      },
      {
        title: `warm: the same ${TOOL_COUNT} schemas again, ms per ${TOOL_COUNT} tools`,
        unit: 'ms',
        rows: rows(warm),
      },
    ],
    targets: [],
    notes: [
      `cold: ${COLD_RUNS} fresh processes per variant; module import time (not in the figures), median: ${DEFINITION_VARIANTS.map((v) => `${v} ${importMedian(v)} ms`).join(', ')}.`,
      `fresh: ${FRESH_RUNS} passes; warm: ${WARM_PASSES} passes after ${WARMUP_PASSES} warm-up passes. Schema construction is never timed.`,
      'Baselines get the options toolsmith passes them (zod 4: draft-2020-12, io input; zod 3: $refStrategy none, input strategies) without its hooks, normalisation and JSON copy.',
    ],
  };
}
