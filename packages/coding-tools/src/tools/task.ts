/**
 * Task: delegate a self-contained piece of work to a sub-agent. The sub-agent gets the same tools
 * (without Task, and without the todo tools, so it cannot nest or rewrite the parent's plan), an
 * isolated conversation, the parent's model and a smaller step limit; aborting the parent aborts it.
 * It returns the sub-agent's final text.
 */
import { defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../session/coding-session.ts';
import { CodingTool } from './shared/coding-tool.ts';

const TaskParams = z.object({
  description: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .describe('A short name for the task, 3–5 words (shown to the user).'),
  prompt: z
    .string()
    .trim()
    .min(1)
    .describe(
      'Complete instructions for the sub-agent: it sees nothing of your conversation, so include the goal, the relevant paths and what to report back.',
    ),
});

/** Runs a sub-agent on `prompt` and resolves to its final text. */
export type SubAgentRunner = (
  prompt: string,
  signal: AbortSignal,
) => Promise<{ text: string; steps: number }>;

export class TaskTool extends CodingTool<typeof TaskParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'Task',
    title: 'Delegate to a sub-agent',
    description:
      '[Agents/Delegate] Hand a self-contained task (research a question across many files, a focused refactor) to a sub-agent with the same tools and its own conversation. Returns its final report. Give complete instructions: it does not see this conversation.',
    category: 'agents',
    tags: ['subagent', 'delegate', 'parallel', 'research'],
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  });

  readonly #run: SubAgentRunner;

  constructor(run: SubAgentRunner) {
    super();
    this.#run = run;
  }

  override getParamsSchema() {
    return TaskParams;
  }

  async execute(
    { description, prompt }: z.output<typeof TaskParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string> {
    const { text, steps } = await this.#run(prompt, ctx.signal);
    return `Sub-agent "${description}" finished after ${steps} step${steps === 1 ? '' : 's'}:\n<task_result>\n${text.trim() || '(no final text)'}\n</task_result>`;
  }
}
