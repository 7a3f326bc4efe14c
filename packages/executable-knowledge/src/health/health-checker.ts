/**
 * Health checks of tool definitions: is the tool usable right now?
 *
 * Methods (from `health_check.method`, or inferred from which section is present):
 * - `tool_call` — calls `health_check.tool_call.name` through an injected `callTool` (the host's MCP
 *   client or tool registry); healthy when it resolves (and is not an `isError` result).
 * - `command` — runs `health_check.command` as a process (split on whitespace, no shell); healthy on
 *   exit code 0.
 * - `http` — `health_check.http: { url, method?, expect_status? }` through an injected `fetch`;
 *   healthy when the status matches (default: any 2xx).
 *
 * Every check has a timeout (`timeout_ms`, default 5 s). Results are cached per tool for a TTL
 * (default 5 minutes), so agents can check before every use without hammering services.
 * `checkAll` applies the failure policy: a required tool's failure fails fast (`ok: false`, listed
 * in `failures`); an optional tool warns or is skipped as its `on_failure.action` says.
 */
import { spawn } from 'node:child_process';
import type { HealthCheck, HealthCheckAction, ToolDefinition } from '../schema/index.ts';

export type HealthStatus = 'healthy' | 'unhealthy' | 'disabled' | 'unchecked';

export interface HealthResult {
  toolId: string;
  status: HealthStatus;
  method: 'tool_call' | 'command' | 'http' | undefined;
  /** What happened, written for a person reading logs. */
  message: string;
  durationMs: number;
  checkedAt: number;
  /** True when served from the TTL cache. */
  cached: boolean;
}

export interface HealthCheckerOptions {
  /** Calls a tool by name (for `tool_call` checks). Without it those checks are `unchecked`. */
  callTool?: (name: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;
  /** For `http` checks. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Cache lifetime. @default 300 000 ms */
  ttlMs?: number;
  /** Timeout when the definition sets none. @default 5 000 ms */
  defaultTimeoutMs?: number;
  /** Clock. @default Date.now */
  now?: () => number;
  /** Environment for `command` checks (never the whole process env by default). @default { PATH } */
  env?: Record<string, string | undefined>;
}

export interface ToolRequirement {
  definition: ToolDefinition;
  /** A required tool's failure fails the whole check. @default definition.healthCheck.required */
  required?: boolean;
}

export interface HealthReport {
  /** False when a required tool is unhealthy, or an optional one whose action is `fail`. */
  ok: boolean;
  results: HealthResult[];
  /** Unhealthy tools that fail the report, with the message to show. */
  failures: { toolId: string; message: string }[];
  /** Unhealthy optional tools that only warn. */
  warnings: { toolId: string; message: string }[];
  /** Optional tools to leave out of this session (action `skip`). */
  skipped: string[];
}

type Method = NonNullable<HealthResult['method']>;

function methodOf(check: HealthCheck): Method | undefined {
  const declared = check.method?.trim().toLowerCase();
  if (declared === 'tool_call' || declared === 'command' || declared === 'http') return declared;
  if (check.toolCall) return 'tool_call';
  if (check.command) return 'command';
  if (check.extra['http']) return 'http';
  return undefined;
}

interface HttpCheckConfig {
  url: string;
  method: string;
  expectStatus: number[] | undefined;
}

function httpConfig(check: HealthCheck): HttpCheckConfig | undefined {
  const raw = check.extra['http'];
  if (typeof raw === 'string') return { url: raw, method: 'GET', expectStatus: undefined };
  if (raw && typeof raw === 'object' && typeof (raw as { url?: unknown }).url === 'string') {
    const config = raw as { url: string; method?: unknown; expect_status?: unknown };
    const expect = config.expect_status;
    return {
      url: config.url,
      method: typeof config.method === 'string' ? config.method.toUpperCase() : 'GET',
      expectStatus:
        typeof expect === 'number'
          ? [expect]
          : Array.isArray(expect)
            ? expect.filter((n) => typeof n === 'number')
            : undefined,
    };
  }
  return undefined;
}

function runCommand(
  command: string,
  timeoutMs: number,
  env: Record<string, string | undefined>,
): Promise<string | undefined> {
  const [file, ...args] = command.trim().split(/\s+/);
  return new Promise((resolve) => {
    if (!file) return resolve('the health check command is empty');
    const child = spawn(file, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env,
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString('utf8');
    });
    child.once('error', (error) => resolve(`could not run "${file}": ${error.message}`));
    child.once('close', (code, signal) => {
      if (code === 0) resolve(undefined);
      else if (signal) resolve(`"${command}" did not finish within ${timeoutMs} ms (killed with ${signal})`);
      else
        resolve(
          `"${command}" exited with code ${code}${stderr.trim() ? `: ${stderr.trim().split('\n')[0]}` : ''}`,
        );
    });
  });
}

export class HealthChecker {
  readonly #options: HealthCheckerOptions;
  readonly #cache = new Map<string, HealthResult>();
  readonly #inFlight = new Map<string, Promise<HealthResult>>();

  constructor(options: HealthCheckerOptions = {}) {
    this.#options = options;
  }

  /** Checks one tool (from the cache when fresh). Concurrent checks of one tool share one run. */
  check(definition: ToolDefinition, options: { force?: boolean } = {}): Promise<HealthResult> {
    const now = this.#now();
    const cached = this.#cache.get(definition.id);
    if (!options.force && cached && now - cached.checkedAt < (this.#options.ttlMs ?? 300_000)) {
      return Promise.resolve({ ...cached, cached: true });
    }
    const running = this.#inFlight.get(definition.id);
    if (running) return running;
    const run = this.#run(definition).finally(() => this.#inFlight.delete(definition.id));
    this.#inFlight.set(definition.id, run);
    return run;
  }

  /** Checks several tools in parallel and applies the required/optional policy. */
  async checkAll(tools: readonly ToolRequirement[]): Promise<HealthReport> {
    const results = await Promise.all(tools.map((t) => this.check(t.definition)));
    const report: HealthReport = { ok: true, results, failures: [], warnings: [], skipped: [] };
    tools.forEach((tool, index) => {
      const result = results[index]!;
      if (result.status !== 'unhealthy') return;
      const check = tool.definition.healthCheck;
      const required = tool.required ?? check?.required ?? false;
      const action: HealthCheckAction = required ? 'fail' : (check?.onFailure?.action ?? 'warn');
      const message = check?.onFailure?.message
        ? `${check.onFailure.message} (${result.message})`
        : result.message;
      if (action === 'fail') {
        report.ok = false;
        report.failures.push({ toolId: tool.definition.id, message });
      } else if (action === 'skip') report.skipped.push(tool.definition.id);
      else report.warnings.push({ toolId: tool.definition.id, message });
    });
    return report;
  }

  /** Forgets cached results (all, or one tool's). */
  invalidate(toolId?: string): void {
    if (toolId === undefined) this.#cache.clear();
    else this.#cache.delete(toolId);
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }

  async #run(definition: ToolDefinition): Promise<HealthResult> {
    const started = performance.now();
    const check = definition.healthCheck;
    const base = { toolId: definition.id, checkedAt: this.#now(), cached: false };
    const finish = (status: HealthStatus, method: HealthResult['method'], message: string): HealthResult => {
      const result = {
        ...base,
        status,
        method,
        message,
        durationMs: Math.round(performance.now() - started),
      };
      if (status === 'healthy' || status === 'unhealthy') this.#cache.set(definition.id, result);
      return result;
    };
    if (!check || !check.enabled)
      return finish('disabled', undefined, 'No health check is configured for this tool.');
    const method = methodOf(check);
    const timeoutMs = check.toolCall?.timeoutMs ?? check.timeoutMs ?? this.#options.defaultTimeoutMs ?? 5000;

    switch (method) {
      case 'tool_call': {
        const callTool = this.#options.callTool;
        if (!check.toolCall)
          return finish('unchecked', method, 'health_check.tool_call is missing its name.');
        if (!callTool)
          return finish('unchecked', method, 'No tool caller is configured, so tool_call checks cannot run.');
        const signal = AbortSignal.timeout(timeoutMs);
        try {
          const result = await Promise.race([
            callTool(check.toolCall.name, { ...check.toolCall.args }, signal),
            new Promise<never>((_, reject) =>
              signal.addEventListener('abort', () => reject(new Error(`no answer within ${timeoutMs} ms`)), {
                once: true,
              }),
            ),
          ]);
          if (result && typeof result === 'object' && (result as { isError?: unknown }).isError === true) {
            return finish('unhealthy', method, `${check.toolCall.name} answered with an error`);
          }
          return finish('healthy', method, `${check.toolCall.name} answered`);
        } catch (error) {
          return finish('unhealthy', method, `${check.toolCall.name} failed: ${(error as Error).message}`);
        }
      }
      case 'command': {
        const env = this.#options.env ?? { PATH: process.env.PATH };
        const problem = await runCommand(check.command ?? '', timeoutMs, env);
        return problem
          ? finish('unhealthy', method, problem)
          : finish('healthy', method, `"${check.command}" exited with 0`);
      }
      case 'http': {
        const config = httpConfig(check);
        if (!config) return finish('unchecked', method, 'health_check.http needs a url.');
        try {
          const response = await (this.#options.fetch ?? fetch)(config.url, {
            method: config.method,
            signal: AbortSignal.timeout(timeoutMs),
          });
          await response.body?.cancel();
          const ok = config.expectStatus ? config.expectStatus.includes(response.status) : response.ok;
          return ok
            ? finish('healthy', method, `${config.method} ${config.url} answered ${response.status}`)
            : finish('unhealthy', method, `${config.method} ${config.url} answered ${response.status}`);
        } catch (error) {
          const reason =
            (error as Error).name === 'TimeoutError'
              ? `no answer within ${timeoutMs} ms`
              : (error as Error).message;
          return finish('unhealthy', method, `${config.method} ${config.url} failed: ${reason}`);
        }
      }
      default:
        return finish(
          'unchecked',
          undefined,
          `Unknown health check method "${check.method ?? ''}". Use tool_call, command or http.`,
        );
    }
  }
}
