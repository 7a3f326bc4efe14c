/**
 * An agent (schema 2.0) lists the tools it depends on; this resolves them. A required tool that is
 * missing, lacks a listed command, or fails its health check fails the agent's start; an optional one
 * is reported and left out. v1 agents (no tools) resolve to nothing.
 */
import { closestMatches, ToolsmithError } from '@toolsmith/core';
import type { HealthChecker, HealthReport } from '../health/health-checker.ts';
import type { ResolvedTool, ToolResolver } from '../resolver/tool-resolver.ts';
import type { AgentDefinition } from '../schema/index.ts';

export interface AgentTools {
  /** Resolved tools, in the agent's order. */
  tools: ResolvedTool[];
  /** Optional tools left out, with why. */
  skipped: { toolId: string; reason: string }[];
  /** Warnings of optional tools kept despite a failed health check (action `warn`). */
  warnings: { toolId: string; message: string }[];
  health: HealthReport | undefined;
}

const marker = 'toolsmith.error.agent-tools';
const symbol = Symbol.for(marker);

/** A required tool of an agent cannot be used. */
export class AgentToolsError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly agentId: string;
  readonly problems: readonly { toolId: string; reason: string }[];

  constructor(agentId: string, problems: readonly { toolId: string; reason: string }[]) {
    super({
      code: 'agent_tools_unavailable',
      userFacing: false,
      message: [
        `Agent "${agentId}" cannot start: required tools are unavailable.`,
        ...problems.map((p) => `- ${p.toolId}: ${p.reason}`),
      ].join('\n'),
    });
    this.name = 'AgentToolsError';
    this.agentId = agentId;
    this.problems = problems;
  }

  static override isInstance(error: unknown): error is AgentToolsError {
    return ToolsmithError.hasMarker(error, marker);
  }
}

export async function resolveAgentTools(
  agent: AgentDefinition,
  resolver: ToolResolver,
  options: { health?: HealthChecker } = {},
): Promise<AgentTools> {
  const result: AgentTools = { tools: [], skipped: [], warnings: [], health: undefined };
  const fatal: { toolId: string; reason: string }[] = [];
  const required = new Map<string, boolean>();
  for (const dependency of agent.dependencies.tools) {
    required.set(dependency.id, dependency.required);
    let tool: ResolvedTool;
    try {
      tool = await resolver.resolve(dependency.id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      (dependency.required ? fatal : result.skipped).push({ toolId: dependency.id, reason });
      continue;
    }
    const names = tool.definition.commands.map((c) => c.name);
    const missing = (dependency.commands ?? []).filter((c) => !names.includes(c));
    if (missing.length > 0) {
      const reason = missing
        .map((c) => {
          const near = closestMatches(c, names);
          return `no command "${c}"${near.length ? ` (did you mean "${near[0]}"?)` : ''}`;
        })
        .join(', ');
      (dependency.required ? fatal : result.skipped).push({
        toolId: dependency.id,
        reason: `${reason}. Commands: ${names.join(', ')}.`,
      });
      continue;
    }
    result.tools.push(tool);
  }

  if (options.health && result.tools.length > 0) {
    const report = await options.health.checkAll(
      result.tools.map((t) => ({
        definition: t.definition,
        required: required.get(t.definition.id) ?? true,
      })),
    );
    result.health = report;
    fatal.push(
      ...report.failures.map((f) => ({ toolId: f.toolId, reason: `health check failed: ${f.message}` })),
    );
    result.warnings.push(...report.warnings);
    for (const id of report.skipped)
      result.skipped.push({ toolId: id, reason: 'health check failed (on_failure: skip)' });
    const drop = new Set([...report.skipped, ...report.failures.map((f) => f.toolId)]);
    result.tools = result.tools.filter((t) => !drop.has(t.definition.id));
  }
  if (fatal.length > 0) throw new AgentToolsError(agent.id, fatal);
  return result;
}
