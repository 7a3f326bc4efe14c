/**
 * `@toolsmith/coding-tools` against what an agent would otherwise run, all through `BaseTool.run`
 * (validation, execution, output budget) with a real session on real files:
 *
 * 1. Grep on the workspace's `node_modules` against spawning `rg` directly — with the arguments the tool
 *    passes (the tool's own overhead) and as a person would type it (`rg -l`, `rg -n`); the JavaScript
 *    fallback (no ripgrep) for comparison;
 * 2. Glob on the same tree against tinyglobby with the same options (what Glob adds: ordering —
 *    newest first up to 2000 matches, path order beyond —, the 100-path cap, the result text), in
 *    process and over MCP (an SDK client in memory, the whole tools/call round trip); and Glob
 *    honouring `.gitignore` over the whole workspace;
 * 3. ApplyPatch of 100 hunks (3 lines of context each) on a 10 000-line file, against the floor — read,
 *    100 line replacements at known positions, write — and `git apply` of the same change;
 * 4. Read at a late offset of a 5 MB and a 50 MB file: time, against reading the file whole; and peak
 *    memory growth of one call, each in its own process (`fixtures/coding-tools/read-memory.ts`).
 *
 * Samples of the compared rows alternate, so a warming page cache or a busy neighbour does not favour one.
 */
import { execFile, spawn } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createCodingToolkit, type CodingToolkit } from '@toolsmith/coding-tools';
import { noProgress, silentLogger } from '@toolsmith/core';
import { createMcpServer } from '@toolsmith/core/mcp';
import { connectInMemory } from '@toolsmith/testing';
import { glob } from 'tinyglobby';
import type { BenchmarkResult, ResultRow } from './report.ts';
import { sized } from './smoke.ts';
import { elapsedMs, summarize } from './stats.ts';

const WORKSPACE = fileURLToPath(new URL('../../../', import.meta.url));
const READ_MEMORY = fileURLToPath(new URL('./fixtures/coding-tools/read-memory.ts', import.meta.url));

const GREP_SAMPLES = sized(12, 1);
const GREP_JS_SAMPLES = sized(3, 1);
const GLOB_SAMPLES = sized(12, 1);
const PATCH_WARMUP = sized(10, 0);
const PATCH_SAMPLES = sized(40, 1);
const READ_SAMPLES = sized(8, 1);
/** What Grep and Glob search: the workspace's node_modules (in smoke mode one package's folder of it). */
const SEARCH_DIR = sized('node_modules', 'node_modules/@modelcontextprotocol');
/** Read's two files, in lines of 53 bytes: 5 MB and 50 MB (in smoke mode 0.5 and 5 MB). */
const READ_FILES = sized(
  [
    { name: 'small.txt', lines: 100_000 },
    { name: 'big.txt', lines: 1_000_000 },
  ],
  [
    { name: 'small.txt', lines: 10_000 },
    { name: 'big.txt', lines: 100_000 },
  ],
);

const GREP_TARGET = 1.3;
const GLOB_TARGET = 1.2;
const GLOB_MCP_TARGET = 1.5;
const PATCH_TARGET_MS = 50;
/** Read's peak memory at 50 MB may exceed the one at 5 MB by this much (GC and sampling noise). */
const READ_FLAT_SLACK_BYTES = 2 * 1024 * 1024;

const execFileAsync = promisify(execFile);
const MB = 1024 * 1024;
const fixed = (value: number, digits = 2) => value.toFixed(digits);

/** Runs one tool of the kit through BaseTool.run; throws on an error result. */
async function call(kit: CodingToolkit, name: string, args: Record<string, unknown>): Promise<string> {
  const tool = kit.registry.get(name);
  if (!tool) throw new Error(`${name} is not registered`);
  const result = await tool.run(args, {
    deps: kit.deps,
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: name,
  });
  const text = result.content.map((part) => ('text' in part ? part.text : '')).join('');
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  return text;
}

/** Spawns a command and collects its stdout (as a caller of `rg` would), resolving with it. */
function collect(file: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 || code === 1
        ? resolve(Buffer.concat(chunks).toString('utf8'))
        : reject(new Error(`${file} exited with ${code}`)),
    );
  });
}

/** Times each runner `samples` times, interleaved (a, b, c, a, b, c, …); returns ms per runner. */
async function interleaved(runners: Array<() => Promise<unknown>>, samples: number): Promise<number[][]> {
  const times = runners.map(() => [] as number[]);
  for (const run of runners) await run(); // warm-up round, not counted
  for (let i = 0; i < samples; i++) {
    for (const [index, run] of runners.entries()) {
      const start = process.hrtime.bigint();
      await run();
      times[index]!.push(elapsedMs(start));
    }
  }
  return times;
}

const median = (samples: number[]) => summarize(samples).median;

async function hasRipgrep(): Promise<string | undefined> {
  try {
    const { stdout } = await execFileAsync('rg', ['--version']);
    return stdout.split('\n')[0];
  } catch {
    return undefined;
  }
}

// ── 1. Grep ──────────────────────────────────────────────────────────────────────────────────────

/** The arguments RipgrepBackend passes for a files-with-matches / content search (ripgrep-backend.ts). */
const TOOL_RG_ARGS = ['--no-config', '--hidden', '--no-require-git', '--no-ignore-global', '--no-messages'];

async function benchGrep(result: BenchmarkResult): Promise<void> {
  const version = await hasRipgrep();
  const kit = createCodingToolkit({ root: WORKSPACE });
  const jsKit = createCodingToolkit({ root: WORKSPACE, ripgrepPath: path.join(tmpdir(), 'no-such-rg') });
  const target = path.join(WORKSPACE, SEARCH_DIR);
  const files = { pattern: 'AbortController', path: SEARCH_DIR };
  const content = { pattern: 'TODO', path: SEARCH_DIR, output_mode: 'content' };
  if (!version) {
    result.notes.push('Grep: ripgrep is not on PATH, so only the JavaScript fallback was measured.');
    const [js] = await interleaved([() => call(jsKit, 'Grep', files)], GREP_JS_SAMPLES);
    result.tables.push({
      title: `Grep "AbortController" in ${SEARCH_DIR} (files with matches), JavaScript fallback`,
      unit: 'ms',
      rows: [{ label: 'Grep (JavaScript fallback)', summary: summarize(js!) }],
    });
    result.targets.push({
      target: `Grep ≤ ${GREP_TARGET}× raw rg`,
      measured: 'not measured (no rg)',
      met: false,
    });
    return;
  }

  const matches = (await call(kit, 'Grep', files)).match(/^Found (\d+) files?/)?.[1];
  const lines = (await call(kit, 'Grep', content)).match(/^Found (\d+) matching lines? in (\d+)/);
  const [toolFiles, rgSame, rgPlain] = await interleaved(
    [
      () => call(kit, 'Grep', files),
      () =>
        collect(
          'rg',
          [
            ...TOOL_RG_ARGS,
            '--files-with-matches',
            '--null',
            '--glob',
            '!.git',
            '--regexp',
            files.pattern,
            '--',
            target,
          ],
          WORKSPACE,
        ),
      () => collect('rg', ['-l', files.pattern, SEARCH_DIR], WORKSPACE),
    ],
    GREP_SAMPLES,
  );
  const [toolContent, rgJson, rgLines] = await interleaved(
    [
      () => call(kit, 'Grep', content),
      () =>
        collect(
          'rg',
          [
            ...TOOL_RG_ARGS,
            '--glob',
            '!.git',
            '--with-filename',
            '--line-number',
            '--no-heading',
            '--null',
            '--color=never',
            '--max-columns',
            '8000',
            '--max-columns-preview',
            '--before-context',
            '0',
            '--after-context',
            '0',
            '--regexp',
            content.pattern,
            '--',
            target,
          ],
          WORKSPACE,
        ),
      () => collect('rg', ['-n', content.pattern, SEARCH_DIR], WORKSPACE),
    ],
    GREP_SAMPLES,
  );
  const [jsFiles] = await interleaved([() => call(jsKit, 'Grep', files)], GREP_JS_SAMPLES);

  const sameFiles = 'rg, the arguments Grep passes (-l --null --hidden …) — baseline';
  const sameContent = 'rg, the arguments Grep passes (-n --null --max-columns …) — baseline';
  result.tables.push(
    {
      title: `Grep "${files.pattern}" in ${SEARCH_DIR}, files with matches (${matches} files) — ${version}`,
      unit: 'ms',
      rows: [
        { label: sameFiles, summary: summarize(rgSame!) },
        { label: 'Grep tool (ripgrep backend)', summary: summarize(toolFiles!), versus: sameFiles },
        { label: 'rg -l, as typed by hand', summary: summarize(rgPlain!), versus: sameFiles },
        {
          label: 'Grep tool, JavaScript fallback (no ripgrep)',
          summary: summarize(jsFiles!),
          versus: sameFiles,
        },
      ],
    },
    {
      title: `Grep "${content.pattern}" in ${SEARCH_DIR}, content mode (${lines?.[1]} lines in ${lines?.[2]} files; 250 shown)`,
      unit: 'ms',
      rows: [
        { label: sameContent, summary: summarize(rgJson!) },
        { label: 'Grep tool (ripgrep backend)', summary: summarize(toolContent!), versus: sameContent },
        { label: 'rg -n, as typed by hand', summary: summarize(rgLines!), versus: sameContent },
      ],
    },
  );
  const filesRatio = median(toolFiles!) / median(rgSame!);
  const contentRatio = median(toolContent!) / median(rgJson!);
  const worst = Math.max(filesRatio, contentRatio);
  result.targets.push({
    target: `Grep within ${GREP_TARGET}× of raw rg (${SEARCH_DIR}, median)`,
    measured: `${fixed(filesRatio)}× files mode, ${fixed(contentRatio)}× content mode (vs rg -l: ${fixed(median(toolFiles!) / median(rgPlain!))}×, vs rg -n: ${fixed(median(toolContent!) / median(rgLines!))}×)`,
    met: worst <= GREP_TARGET,
  });
}

// ── 2. Glob ──────────────────────────────────────────────────────────────────────────────────────

async function benchGlob(result: BenchmarkResult): Promise<void> {
  const kit = createCodingToolkit({ root: WORKSPACE });
  const cwd = path.join(WORKSPACE, SEARCH_DIR);
  const pattern = '**/*.d.ts';
  const globArgs = { pattern, path: SEARCH_DIR, include_ignored: true };
  const options = { cwd, dot: true, onlyFiles: true, followSymbolicLinks: false };
  const count = (await glob(pattern, options)).length;
  const shown = await call(kit, 'Glob', globArgs);
  const toolCount = Number(
    shown.match(/of (\d+) files matching/)?.[1] ?? shown.match(/\((\d+) files? matching/)?.[1],
  );
  if (toolCount !== count)
    throw new Error(
      `Glob found ${toolCount} files, tinyglobby ${count}: they must agree before they are timed`,
    );
  // The same tool over MCP: the SDK's client and toolsmith's server, in memory.
  const server = createMcpServer({
    name: 'coding-tools-bench',
    version: '0.0.0',
    registry: kit.registry,
    deps: kit.deps,
    logger: silentLogger,
  });
  const connection = await connectInMemory(server);
  const overMcp = async () => {
    const answer = await connection.client.callTool({ name: 'Glob', arguments: globArgs });
    if (answer.isError) throw new Error(`Glob over MCP failed: ${JSON.stringify(answer.content)}`);
  };
  const globAndStat = async () => {
    const found = await glob(pattern, options);
    return found.map((match) => statSync(path.join(cwd, match)).mtimeMs);
  };
  let tool: number[], mcp: number[], tiny: number[], tinyStat: number[];
  try {
    [tool, mcp, tiny, tinyStat] = (await interleaved(
      [() => call(kit, 'Glob', globArgs), overMcp, () => glob(pattern, options), globAndStat],
      GLOB_SAMPLES,
    )) as [number[], number[], number[], number[]];
  } finally {
    await connection.close();
  }

  const repoPattern = '**/*.ts';
  const ignoreOptions = {
    cwd: WORKSPACE,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    ignore: [
      '**/node_modules/**',
      '**/dist/**',
      '**/out-tsc/**',
      '**/coverage/**',
      '.git/**',
      '.nx/**',
      'tmp/**',
    ],
  };
  const repoCount = (await glob(repoPattern, ignoreOptions)).length;
  const [toolRepo, tinyRepo] = await interleaved(
    [() => call(kit, 'Glob', { pattern: repoPattern }), () => glob(repoPattern, ignoreOptions)],
    GLOB_SAMPLES,
  );

  const base = 'tinyglobby, same options — baseline';
  const repoBase = 'tinyglobby with a hand-written ignore list — baseline';
  result.tables.push(
    {
      title: `Glob "${pattern}" in ${SEARCH_DIR} (${count} of ${(await glob('**/*', options)).length} files), include_ignored`,
      unit: 'ms',
      rows: [
        { label: base, summary: summarize(tiny) },
        {
          label: 'Glob tool (more than 2000 match: path order, 100 shown)',
          summary: summarize(tool),
          versus: base,
        },
        { label: 'Glob tool over MCP (SDK client, in memory)', summary: summarize(mcp), versus: base },
        {
          label: 'tinyglobby + statSync of every match (what newest first would cost)',
          summary: summarize(tinyStat),
          versus: base,
        },
      ],
    },
    {
      title: `Glob "${repoPattern}" over the workspace, .gitignore honoured (${repoCount} files, newest first)`,
      unit: 'ms',
      rows: [
        { label: repoBase, summary: summarize(tinyRepo!) },
        { label: 'Glob tool (nested .gitignore rules)', summary: summarize(toolRepo!), versus: repoBase },
      ],
    },
  );
  const ratio = median(tool) / median(tiny);
  const mcpRatio = median(mcp) / median(tiny);
  result.targets.push(
    {
      target: `Glob within ${GLOB_TARGET}× of tinyglobby in process (${SEARCH_DIR}, median)`,
      measured: `${fixed(ratio)}× (${fixed(median(tool), 1)} ms vs ${fixed(median(tiny), 1)} ms)`,
      met: ratio <= GLOB_TARGET,
    },
    {
      target: `Glob within ${GLOB_MCP_TARGET}× of tinyglobby over MCP (${SEARCH_DIR}, median)`,
      measured: `${fixed(mcpRatio)}× (${fixed(median(mcp), 1)} ms vs ${fixed(median(tiny), 1)} ms)`,
      met: mcpRatio <= GLOB_MCP_TARGET,
    },
  );
}

// ── 3. ApplyPatch ────────────────────────────────────────────────────────────────────────────────

const PATCH_LINES = 10_000;
const HUNKS = 100;
const CONTEXT = 3;

/** Line `i` (0-based) of the 10 000-line file, and its patched form. */
const original = (i: number) => `  const value${i} = compute(${i}, 'item-${(i * 7919) % 10007}');`;
const patched = (i: number) =>
  `  const value${i} = computeFast(${i}, 'item-${(i * 7919) % 10007}', { cache: true });`;
/** The changed lines: one per hunk, spread over the file. */
const changedLines = Array.from({ length: HUNKS }, (_, k) => 50 + k * 99);

function codexPatch(file: string): string {
  const out = ['*** Begin Patch', `*** Update File: ${file}`];
  for (const line of changedLines) {
    out.push('@@');
    for (let i = line - CONTEXT; i < line; i++) out.push(` ${original(i)}`);
    out.push(`-${original(line)}`, `+${patched(line)}`);
    for (let i = line + 1; i <= line + CONTEXT; i++) out.push(` ${original(i)}`);
  }
  out.push('*** End Patch');
  return out.join('\n');
}

function unifiedDiff(file: string): string {
  const out = [`--- a/${file}`, `+++ b/${file}`];
  for (const line of changedLines) {
    const start = line - CONTEXT + 1; // 1-based
    out.push(`@@ -${start},${2 * CONTEXT + 1} +${start},${2 * CONTEXT + 1} @@`);
    for (let i = line - CONTEXT; i < line; i++) out.push(` ${original(i)}`);
    out.push(`-${original(line)}`, `+${patched(line)}`);
    for (let i = line + 1; i <= line + CONTEXT; i++) out.push(` ${original(i)}`);
  }
  return `${out.join('\n')}\n`;
}

async function benchApplyPatch(result: BenchmarkResult): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'bench-patch-'));
  try {
    const kit = createCodingToolkit({ root });
    const file = path.join(root, 'big.ts');
    const before = `${Array.from({ length: PATCH_LINES }, (_, i) => original(i)).join('\n')}\n`;
    const expected = `${Array.from({ length: PATCH_LINES }, (_, i) => (changedLines.includes(i) ? patched(i) : original(i))).join('\n')}\n`;
    const patch = codexPatch('big.ts');
    writeFileSync(path.join(root, 'change.diff'), unifiedDiff('big.ts'));
    const reset = async () => {
      writeFileSync(file, before);
      await call(kit, 'Read', { file_path: 'big.ts', limit: 1 }); // the read-before-write rule
    };
    const check = (what: string) => {
      if (readFileSync(file, 'utf8') !== expected)
        throw new Error(`${what} did not produce the expected file`);
    };
    const floor = async () => {
      const lines = (await readFile(file, 'utf8')).split('\n');
      for (const line of changedLines) {
        if (lines[line] !== original(line)) throw new Error(`line ${line + 1} is not the expected original`);
        lines[line] = patched(line);
      }
      writeFileSync(file, lines.join('\n'));
    };
    let git = true;
    try {
      await execFileAsync('git', ['--version']);
    } catch {
      git = false;
    }
    const runners: Array<{ label: string; run: () => Promise<unknown> }> = [
      { label: 'floor: read, 100 replacements at known lines, write — baseline', run: floor },
      {
        label: 'ApplyPatch tool (parse, 4-pass seek, plan, atomic write)',
        run: () => call(kit, 'ApplyPatch', { patch }),
      },
      ...(git
        ? [
            {
              label: 'git apply of the same change (includes the process spawn)',
              run: () => execFileAsync('git', ['apply', '--unsafe-paths', 'change.diff'], { cwd: root }),
            },
          ]
        : []),
    ];
    const times = runners.map(() => [] as number[]);
    for (let i = 0; i < PATCH_WARMUP + PATCH_SAMPLES; i++) {
      for (const [index, runner] of runners.entries()) {
        await reset();
        const start = process.hrtime.bigint();
        await runner.run();
        const ms = elapsedMs(start);
        check(runner.label);
        if (i >= PATCH_WARMUP) times[index]!.push(ms);
      }
    }
    const [base, ...rest] = runners;
    result.tables.push({
      title: `ApplyPatch: ${HUNKS} hunks (${CONTEXT} context lines each) on a ${PATCH_LINES.toLocaleString('en')}-line file (${fixed(before.length / 1024, 0)} KB)`,
      unit: 'ms',
      rows: [
        { label: base!.label, summary: summarize(times[0]!) },
        ...rest.map((runner, i) => ({
          label: runner.label,
          summary: summarize(times[i + 1]!),
          versus: base!.label,
        })),
      ],
    });
    const tool = summarize(times[1]!);
    result.targets.push({
      target: `ApplyPatch of ${HUNKS} hunks on ${PATCH_LINES} lines under ${PATCH_TARGET_MS} ms`,
      measured: `median ${fixed(tool.median)} ms, p95 ${fixed(tool.p95)} ms`,
      met: tool.p95 < PATCH_TARGET_MS,
    });
    if (!git) result.notes.push('ApplyPatch: git is not installed, so `git apply` was not measured.');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// ── 4. Read ──────────────────────────────────────────────────────────────────────────────────────

/** Writes `count` lines of 52 characters + newline (53 bytes) without holding them in memory. */
function writeLines(file: string, count: number): void {
  const fd = openSync(file, 'w');
  try {
    const batch: string[] = [];
    for (let n = 1; n <= count; n++) {
      batch.push(`line ${n}`.padEnd(52, '.'));
      if (batch.length === 10_000 || n === count) {
        writeSync(fd, `${batch.join('\n')}\n`);
        batch.length = 0;
      }
    }
  } finally {
    closeSync(fd);
  }
}

interface MemorySample {
  rssGrowth: number;
  heapGrowth: number;
  ms: number;
  lines: number;
}

async function memoryOf(
  mode: 'read' | 'readFile',
  root: string,
  file: string,
  offset: number,
): Promise<MemorySample> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--expose-gc', '--conditions=@toolsmith/source', READ_MEMORY, mode, root, file, String(offset), '100'],
    { maxBuffer: 1024 * 1024 },
  );
  const sample = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as MemorySample;
  if (sample.lines !== 100) throw new Error(`${mode} of ${file} showed ${sample.lines} lines instead of 100`);
  return sample;
}

async function benchRead(result: BenchmarkResult): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'bench-read-'));
  try {
    const kit = createCodingToolkit({ root });
    const sizes = READ_FILES;
    for (const size of sizes) writeLines(path.join(root, size.name), size.lines);
    const late = (lines: number) => lines - 99;
    const naive = async (name: string, lines: number) => {
      const all = (await readFile(path.join(root, name), 'utf8')).split('\n');
      return all.slice(late(lines) - 1, late(lines) + 99).map((line, i) => `${late(lines) + i}\t${line}`);
    };
    const rows: ResultRow[] = [];
    const memory: Array<{ label: string; tool: MemorySample; whole: MemorySample }> = [];
    for (const size of sizes) {
      const mb = fixed((size.lines * 53) / MB, 1);
      const [tool, whole] = await interleaved(
        [
          () => call(kit, 'Read', { file_path: size.name, offset: late(size.lines), limit: 100 }),
          () => naive(size.name, size.lines),
        ],
        READ_SAMPLES,
      );
      const baseLabel = `${mb} MB: readFile whole + split, last 100 lines — baseline`;
      rows.push(
        { label: baseLabel, summary: summarize(whole!) },
        {
          label: `${mb} MB: Read offset=${late(size.lines).toLocaleString('en')} limit=100 (streamed)`,
          summary: summarize(tool!),
          versus: baseLabel,
        },
      );
      memory.push({
        label: `${mb} MB`,
        tool: await memoryOf('read', root, size.name, late(size.lines)),
        whole: await memoryOf('readFile', root, size.name, late(size.lines)),
      });
    }
    result.tables.push({ title: 'Read at a late offset: time', unit: 'ms', rows });
    for (const entry of memory)
      result.notes.push(
        `Read memory, ${entry.label} file (one call in a fresh process, peak growth): Read RSS +${fixed(entry.tool.rssGrowth / MB)} MB, heap+external +${fixed(entry.tool.heapGrowth / MB)} MB; ` +
          `readFile whole RSS +${fixed(entry.whole.rssGrowth / MB)} MB, heap+external +${fixed(entry.whole.heapGrowth / MB)} MB`,
      );
    const [small, big] = memory as [(typeof memory)[number], (typeof memory)[number]];
    const flat = Math.max(
      big.tool.rssGrowth - small.tool.rssGrowth,
      big.tool.heapGrowth - small.tool.heapGrowth,
    );
    result.targets.push({
      target: `Read's peak memory does not grow with the file (50 MB vs 5 MB within ${READ_FLAT_SLACK_BYTES / MB} MB)`,
      measured: `RSS +${fixed(small.tool.rssGrowth / MB)} MB at 5 MB, +${fixed(big.tool.rssGrowth / MB)} MB at 50 MB (reading whole: +${fixed(big.whole.rssGrowth / MB)} MB)`,
      met: flat <= READ_FLAT_SLACK_BYTES,
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export async function runCodingTools(): Promise<BenchmarkResult> {
  const result: BenchmarkResult = { name: 'coding-tools', tables: [], targets: [], notes: [] };
  const steps: Array<[string, (r: BenchmarkResult) => Promise<void>]> = [
    ['grep', benchGrep],
    ['glob', benchGlob],
    ['apply-patch', benchApplyPatch],
    ['read', benchRead],
  ];
  for (const [name, step] of steps) {
    process.stderr.write(`  coding-tools: ${name}…\n`);
    await step(result);
  }
  return result;
}
