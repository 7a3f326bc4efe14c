/**
 * One cold measurement of definition generation, in a fresh process: imports only what the variant needs,
 * builds 100 schemas, then times the first conversion of all of them (no JIT, no lazily built state yet)
 * and a second one. Prints one JSON line: { importMs, firstMs, firstCpuMs, secondMs }.
 *
 *   node --conditions=@toolsmith/source definition-cold.ts core-zod4|raw-zod4|core-zod3|raw-zod3
 */
import { generateToolSpecs } from '../fixtures/tool-specs.ts';
import {
  DEFINITION_VARIANTS,
  loadConverter,
  type DefinitionVariant,
} from '../fixtures/definition-variants.ts';
import { cpuUsSince, elapsedMs } from '../stats.ts';

const TOOL_COUNT = 100;
const variant = process.argv[2] as DefinitionVariant;
if (!DEFINITION_VARIANTS.includes(variant)) {
  process.stderr.write(
    `Unknown variant "${String(variant)}". Use one of: ${DEFINITION_VARIANTS.join(', ')}.\n`,
  );
  process.exit(2);
}

const importStart = process.hrtime.bigint();
const { convert, build } = await loadConverter(variant); // imports the converter and its zod
const importMs = elapsedMs(importStart);

const schemas = generateToolSpecs(TOOL_COUNT).map(build);
const pass = () => {
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (const schema of schemas) convert(schema);
  return { ms: elapsedMs(start), cpuMs: cpuUsSince(cpuStart) / 1000 };
};
const first = pass();
const second = pass();
process.stdout.write(
  `${JSON.stringify({ importMs, firstMs: first.ms, firstCpuMs: first.cpuMs, secondMs: second.ms })}\n`,
);
