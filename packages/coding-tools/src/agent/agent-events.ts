/** What `runAgent` yields, in order, while the agent works. */
import type { TodoItem } from '../session/events.ts';

export type AgentEvent =
  /** Model text, as it streams. */
  | { type: 'text'; text: string }
  /** A tool call starts: always before anything the call emits and before its `tool-result`. */
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  /** A tool finished; `output` is the text the model reads. */
  | { type: 'tool-result'; toolCallId: string; toolName: string; output: string; isError: boolean }
  /**
   * The agent asked the user (AskUser). Call `respond` with the answer; the tool waits for it (or
   * for the run to be aborted). When `runAgent` got an `askUser` handler, the handler answers and
   * `respond` does nothing. `toolCallId` is the AskUser call's.
   */
  | {
      type: 'ask_user';
      toolCallId?: string;
      question: string;
      options?: string[];
      respond: (answer: string) => void;
    }
  | { type: 'todo_update'; todos: TodoItem[] }
  | { type: 'step-finish'; step: number; finishReason: string }
  | { type: 'error'; error: unknown }
  /** The run ended; `text` is the final answer. */
  | { type: 'done'; text: string; steps: number; finishReason: string };
