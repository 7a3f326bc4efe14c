/**
 * The machine's programs the tests need, and CI installing them (issue 22): a test that needs a
 * component runs in CI or fails there — it never skips silently. Each component below names the
 * Debian package `.ci/run` installs, the command that shows it is there, and what in the tests
 * reaches it (so this list cannot go stale); every conditional skip in test code is either the
 * PostgreSQL gate, which throws under CI, a Linux-only test (CI runs on Linux), or listed here with
 * the reason it is not a missing component.
 */
import { describe, expect, it } from '@jest/globals';
import { globSync } from 'node:fs';
import { readText, ROOT } from './workspace.ts';

interface Component {
  /** The Debian package `.ci/run` installs. */
  debian: string;
  /** The command `.ci/run` looks for (DEBIAN_COMMAND) to tell the package is there. */
  command: string;
  /** What in the test code needs it. */
  usedBy: RegExp;
  /** How a test fails without it (instead of skipping). */
  loud: string;
}

const COMPONENTS: Component[] = [
  {
    debian: 'postgresql',
    command: 'initdb',
    usedBy: /\bstartPostgres\(/,
    loud: "@toolsmith/sql/testing's postgresForTests() throws under CI when initdb and pg_ctl are missing",
  },
  {
    debian: 'nginx',
    command: 'nginx',
    usedBy: /\bstartNginx\(/,
    loud: 'tools/scale-test starts nginx and fails, naming it, when it is missing',
  },
  {
    debian: 'ripgrep',
    command: 'rg',
    usedBy: /\.toBe\('ripgrep'\)/,
    loud: 'grep.test.ts expects the ripgrep backend, so a machine without rg fails it',
  },
];

/** Conditional skips that do not stand for a missing component, each with its reason. */
const OTHER_SKIPS: { file: string; line: RegExp; why: string }[] = [
  {
    file: 'packages/coding-tools/src/tools/apply-patch/apply-patch.tool.test.ts',
    line: /\(isRoot \? it\.skip : it\)/,
    why: 'root ignores folder permissions, so a read-only folder cannot make the write fail',
  },
  {
    file: 'tools/bundle/src/startup-cache.test.ts',
    line: /\(process\.getuid\?\.\(\) === 0 \|\| process\.env\['CI'\] \? it : it\.skip\)/,
    why: 'only root can hand a cache folder to another user; it always runs under CI (which runs as root), and fails there rather than skip',
  },
  {
    file: 'packages/knowledge-search/src/store/pg-knowledge-store.test.ts',
    line: /\(postgresExtensionAvailable\('vector'\) \? it\.skip : it\)/,
    why: 'the fallback without pgvector: runs where the server has no pgvector (Debian 12 has no pgvector package), the vector suite where it has',
  },
  {
    file: 'packages/knowledge-search/src/__fixtures__/store-suite.ts',
    line: /\(fixture\.vector \? describe : describe\.skip\)/,
    why: 'the vector suite, on stores that have pgvector (PGlite always; PostgreSQL with pgvector — else the fallback test runs)',
  },
];

/**
 * Skips on a platform other than Linux (no /proc): CI runs on Linux (Debian), so these always run
 * there. The condition must say so on the skip's line: `/proc/`, `linux` or `process.platform`.
 */
const LINUX_ONLY = /['"]\/proc\/|\blinux\b|process\.platform/;

const SKIP = /\b(?:it|test|describe)\.(?:skip|todo)\b|\b(?:xit|xtest|xdescribe)\(|\bskipIf\b/;

/** Every TypeScript/JavaScript source of the projects (not this project: it names the patterns). */
const sources = globSync('{apps,packages,tools}/**/*.{ts,mts,cts,js,mjs}', {
  cwd: ROOT,
  exclude: (name) => ['node_modules', 'dist', 'out-tsc', 'coverage', 'workspace-checks'].includes(name),
}).sort();
/** Test files and what they import to run: fixtures, test helpers, the scale test, the benches. */
const testCode = sources.filter((file) =>
  /\.test\.[cm]?[jt]s$|\/__fixtures__\/|\/testing\/|\/jest\/|^tools\/(scale-test|bench)\//.test(file),
);

function debianPackagesOfCiRun(): { packages: string[]; commands: Record<string, string> } {
  const script = readText('.ci/run');
  const packages = /^DEBIAN_PACKAGES=\(([^)]*)\)$/m.exec(script)?.[1]?.trim().split(/\s+/) ?? [];
  const commands = Object.fromEntries(
    [
      ...(/^declare -A DEBIAN_COMMAND=\((.*)\)$/m.exec(script)?.[1] ?? '').matchAll(/\[([\w.+-]+)\]=(\S+)/g),
    ].map((m) => [m[1], m[2]]),
  ) as Record<string, string>;
  return { packages, commands };
}

describe('.ci/run installs each Debian package a test needs', () => {
  const ci = debianPackagesOfCiRun();

  it.each(COMPONENTS)('$debian ($command): needed by a test, installed by .ci/run', (component) => {
    const users = testCode.filter((file) => component.usedBy.test(readText(file)));
    // Still needed: otherwise drop it here and from .ci/run.
    expect(users).not.toEqual([]);
    expect(ci.packages).toContain(component.debian);
    expect(ci.commands[component.debian]).toBe(component.command);
  });

  it('installs nothing no test needs', () => {
    expect([...ci.packages].sort()).toEqual(COMPONENTS.map((c) => c.debian).sort());
  });

  it("puts PostgreSQL's server binaries on PATH (Debian keeps them in /usr/lib/postgresql/<major>/bin)", () => {
    expect(readText('.ci/run')).toMatch(/ls -d \/usr\/lib\/postgresql\/\*\/bin/);
  });
});

describe('a test that needs a component never skips silently', () => {
  const skips = testCode.flatMap((file) =>
    readText(file)
      .split('\n')
      .flatMap((line, index) => (SKIP.test(line) ? [{ file, line: line.trim(), at: index + 1 }] : [])),
  );

  it('finds the skips it judges', () => {
    expect(skips.length).toBeGreaterThanOrEqual(OTHER_SKIPS.length);
  });

  it('each conditional skip is the PostgreSQL gate (a failure under CI) or has a reason here', () => {
    const unexplained = skips.filter(({ file, line }) => {
      const gated =
        /\bpostgresForTests\(\)|\bPOSTGRES_MISSING\b/.test(line) &&
        /\bpostgresForTests\(/.test(readText(file));
      const listed = OTHER_SKIPS.some((other) => other.file === file && other.line.test(line));
      return !gated && !listed && !LINUX_ONLY.test(line);
    });
    // A new skip for a missing program: gate it so CI fails (see postgresForTests in
    // @toolsmith/sql/testing), add the Debian package to .ci/run and to COMPONENTS above.
    expect(unexplained.map(({ file, at, line }) => `${file}:${at}: ${line}`)).toEqual([]);
  });

  it('each listed reason still matches a skip', () => {
    const stale = OTHER_SKIPS.filter(
      (other) => !skips.some((s) => s.file === other.file && other.line.test(s.line)),
    );
    expect(stale.map((other) => other.file)).toEqual([]);
  });
});
