/** Events the coding tools emit while they run (also surfaced by `runAgent`). */

export interface AskUserQuestion {
  question: string;
  options?: string[];
}

export interface TodoItem {
  id: string;
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  priority: 'high' | 'medium' | 'low';
}

export type CodingToolEvent =
  ({ type: 'ask_user'; toolCallId?: string } & AskUserQuestion) | { type: 'todo_update'; todos: TodoItem[] };
