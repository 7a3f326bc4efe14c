/**
 * Which JavaScript runtime serves the tools, and whether it can give them what they declare they
 * need (`ToolMetadata.requires`). The web-standard handler runs on Bun, Deno, Cloudflare Workers and
 * edge runtimes as well as Node, but a tool whose validators run in the isolated-vm sandbox
 * (`KnowledgeTool` with a binding) needs native addons built against Node's V8, which only Node
 * loads: Bun runs JavaScriptCore (isolated-vm fails to link: `undefined symbol: v8::…`), Deno and
 * Workers do not load such addons at all. Checked when the server is made, so such a server says at
 * start-up why it cannot run there, and how to fix it, instead of failing on the first guarded call.
 */
import { ConfigError } from '../errors/config-error.ts';
import type { AnyTool } from '../tool/base-tool.ts';
import type { RuntimeRequirement } from '../tool/tool-metadata.ts';

/** The runtimes told apart: `workerd` is Cloudflare Workers, `edge-light` Vercel's edge runtime. */
export type RuntimeName = 'node' | 'bun' | 'deno' | 'workerd' | 'edge-light' | 'unknown';

const RUNTIME_LABELS: Readonly<Record<RuntimeName, string>> = {
  node: 'Node',
  bun: 'Bun',
  deno: 'Deno',
  workerd: 'Cloudflare Workers',
  'edge-light': 'the Vercel edge runtime',
  unknown: 'this JavaScript runtime',
};

interface RequirementSupport {
  /** What the requirement is, for the message. */
  what: string;
  runtimes: readonly RuntimeName[];
}

const SUPPORT: Readonly<Record<RuntimeRequirement, RequirementSupport>> = {
  'node-addons': {
    what: "native addons built against Node's V8 (isolated-vm, the sandbox their knowledge-pack validators run in)",
    runtimes: ['node'],
  },
};

/** The runtime this code runs on. Bun and Deno are asked first: both present themselves as Node too. */
export function detectRuntime(scope: Record<string, unknown> = globalThis): RuntimeName {
  if (scope['Bun'] !== undefined) return 'bun';
  if (scope['Deno'] !== undefined) return 'deno';
  const navigator = scope['navigator'] as { userAgent?: unknown } | undefined;
  if (navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  if (typeof scope['EdgeRuntime'] === 'string') return 'edge-light';
  const process = scope['process'] as { release?: { name?: unknown } } | undefined;
  return process?.release?.name === 'node' ? 'node' : 'unknown';
}

/** Whether `runtime` gives what `requirement` names. */
export function runtimeSupports(requirement: RuntimeRequirement, runtime: RuntimeName): boolean {
  return SUPPORT[requirement].runtimes.includes(runtime);
}

/**
 * Throws ConfigError when some of `tools` need what `runtime` lacks: one problem per requirement,
 * naming the tools (the first ten and how many more), the runtime, and the two ways out.
 */
export function checkRuntimeRequirements(
  tools: readonly AnyTool[],
  runtime: RuntimeName = detectRuntime(),
): void {
  const unmet = new Map<RuntimeRequirement, string[]>();
  for (const tool of tools) {
    for (const requirement of tool.requires) {
      if (runtimeSupports(requirement, runtime)) continue;
      const names = unmet.get(requirement) ?? [];
      names.push(tool.name);
      unmet.set(requirement, names);
    }
  }
  if (unmet.size === 0) return;
  const label = RUNTIME_LABELS[runtime];
  throw new ConfigError({
    problems: [...unmet].map(([requirement, names]) => {
      const support = SUPPORT[requirement];
      const listed =
        names.slice(0, 10).join(', ') + (names.length > 10 ? ` and ${names.length - 10} more` : '');
      const where = support.runtimes.map((name) => RUNTIME_LABELS[name]).join(', ');
      return {
        variable: `tools requiring ${requirement}`,
        problem: `${names.length === 1 ? `tool ${listed} needs` : `${names.length} tools ${listed} need`} ${support.what}, which ${label} cannot load.`,
        howToFix: `Serve this server on ${where} (serveHttp or runServeCli), or leave these tools out (exclude them in the tool selection, --exclude-tools, or turn their toolset off).`,
      };
    }),
  });
}
