/** What the emulator keeps of task and list templates (types only: the state and templates.ts read them). */

export interface TaskTemplateContent {
  name: string;
  description: string;
  priority: 1 | 2 | 3 | 4 | null;
  tags: string[];
  /** One checklist of these items, when there are some. */
  checklist: { name: string; items: string[] } | null;
}

export interface TemplateRecord {
  /** `t-…`, as ClickUp's template ids read. */
  id: string;
  name: string;
  kind: 'task' | 'list';
  /** A task template: the task; a list template: its tasks, and the list's description. */
  tasks: TaskTemplateContent[];
  content: string;
}
