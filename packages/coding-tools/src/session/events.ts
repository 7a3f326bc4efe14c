/** Events the coding tools emit while they run (also surfaced by `runAgent`). */

export interface AskUserQuestion {
  question: string;
  options?: string[];
  /** The AskUser call that asks (the AI SDK's tool call id, the MCP request id). */
  toolCallId?: string;
}

export interface TodoItem {
  id: string;
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  priority: 'high' | 'medium' | 'low';
}

export type CodingToolEvent =
  ({ type: 'ask_user' } & AskUserQuestion) | { type: 'todo_update'; todos: TodoItem[] };
