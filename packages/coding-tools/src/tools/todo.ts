/**
 * TodoWrite / TodoRead: the session's task list. TodoWrite replaces the whole list (the agent sends
 * all items every time) and emits a `todo_update` event; TodoRead returns it.
 */
import { defineToolMetadata, ValidationError, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../session/coding-session.ts';
import type { TodoItem } from '../session/events.ts';
import { plural } from './shared/plural.ts';
import { CodingTool } from './shared/coding-tool.ts';

const TodoItemSchema = z.object({
  id: z.string().trim().min(1).describe('Stable id of the item, e.g. "1" or "add-tests".'),
  content: z.string().trim().min(1).describe('What to do, as an imperative sentence.'),
  status: z
    .enum(['pending', 'in_progress', 'completed'])
    .describe('pending, in_progress (at most one at a time) or completed.'),
  priority: z.enum(['high', 'medium', 'low']).describe('high, medium or low.'),
});

const TodoWriteParams = z.object({
  todos: z
    .array(TodoItemSchema)
    .max(100)
    .describe('The complete list: it replaces the current one. Send every item, not just changes.'),
});

const MARK: Record<TodoItem['status'], string> = { pending: '[ ]', in_progress: '[~]', completed: '[x]' };

export function formatTodos(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return 'The todo list is empty.';
  const done = todos.filter((t) => t.status === 'completed').length;
  const lines = todos.map((t) => `${MARK[t.status]} ${t.id}. ${t.content} (${t.priority})`);
  return [`${plural(todos.length, 'todo')}, ${done} completed:`, ...lines].join('\n');
}

export class TodoWriteTool extends CodingTool<typeof TodoWriteParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'TodoWrite',
    title: 'Write the todo list',
    description:
      '[Planning/Write] Create or update the task list for this session. Use it for work with 3+ steps: mark one item in_progress before you start it and completed when done. The list you send replaces the previous one.',
    category: 'planning',
    tags: ['todo', 'plan', 'tasks', 'progress'],
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  });

  override getParamsSchema() {
    return TodoWriteParams;
  }

  async execute(
    { todos }: z.output<typeof TodoWriteParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string> {
    const ids = todos.map((t) => t.id);
    const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
    if (duplicate !== undefined) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          { field: 'todos', message: `The id "${duplicate}" is used twice; give every item its own id.` },
        ],
      });
    }
    const active = todos.filter((t) => t.status === 'in_progress');
    if (active.length > 1) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: 'todos',
            message: `${active.length} items are in_progress (${active.map((t) => t.id).join(', ')}); keep exactly one in progress and mark the others pending or completed.`,
          },
        ],
      });
    }
    const { session } = ctx.deps;
    session.todos = todos.map((t) => ({ ...t }));
    session.emit({ type: 'todo_update', todos: session.todos.map((t) => ({ ...t })) });
    return `Todo list updated.\n${formatTodos(session.todos)}`;
  }
}

const TodoReadParams = z.object({});

export class TodoReadTool extends CodingTool<typeof TodoReadParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'TodoRead',
    title: 'Read the todo list',
    description:
      '[Planning/Read] Show the current task list of this session, to check what is done and what is next.',
    category: 'planning',
    tags: ['todo', 'plan', 'tasks', 'progress'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });

  override getParamsSchema() {
    return TodoReadParams;
  }

  async execute(
    _params: z.output<typeof TodoReadParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string> {
    return formatTodos(ctx.deps.session.todos);
  }
}
