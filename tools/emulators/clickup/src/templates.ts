/**
 * The Workspace's templates the emulator serves: task templates (`GET /team/{id}/taskTemplate`,
 * used by `POST /list/{id}/taskTemplate/{template_id}`) and list templates (used by `POST
 * /folder|space/{id}/list_template/{template_id}`; the API lists none). Templates are not changed
 * through the API, so they are not in the seed: `state.templates` replaces these when set.
 */
import type { ClickUpState } from './clickup-state.ts';
import type { TaskTemplateContent, TemplateRecord } from './template-records.ts';

export type { TaskTemplateContent, TemplateRecord } from './template-records.ts';

const task = (name: string, rest: Partial<TaskTemplateContent> = {}): TaskTemplateContent => ({
  name,
  description: '',
  priority: null,
  tags: [],
  checklist: null,
  ...rest,
});

export const SEED_TEMPLATES: readonly TemplateRecord[] = [
  {
    id: 't-86a0bug01',
    name: 'Bug report',
    kind: 'task',
    content: '',
    tasks: [
      task('Bug report', {
        description: 'Steps to reproduce, what happened, what was expected.',
        priority: 2,
        tags: ['bug'],
        checklist: { name: 'Triage', items: ['Reproduce', 'Find the cause', 'Fix and test'] },
      }),
    ],
  },
  {
    id: 't-86a0rel02',
    name: 'Release checklist',
    kind: 'task',
    content: '',
    tasks: [
      task('Release', {
        description: 'Everything a release needs.',
        priority: 3,
        checklist: { name: 'Release', items: ['Changelog', 'Tag', 'Announce'] },
      }),
    ],
  },
  {
    id: 't-90150sprint',
    name: 'Sprint',
    kind: 'list',
    content: 'A two-week sprint.',
    tasks: [task('Sprint planning'), task('Sprint review'), task('Retrospective')],
  },
];

export const templatesOf = (state: ClickUpState): readonly TemplateRecord[] =>
  state.templates ?? SEED_TEMPLATES;
