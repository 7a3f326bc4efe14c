/** The Tracker server's resources (reference data a client can read) and prompts. */
import { PrioritiesResource } from './priorities.resource.ts';
import { QueueFieldsResource } from './queue-fields.resource.ts';
import { QueueWorkflowResource } from './queue-workflow.resource.ts';
import { QueuesResource } from './queues.resource.ts';
import { TriageIssuePrompt } from './triage-issue.prompt.ts';

export function createResources() {
  return [
    new PrioritiesResource(),
    new QueuesResource(),
    new QueueFieldsResource(),
    new QueueWorkflowResource(),
  ];
}

export function createPrompts() {
  return [new TriageIssuePrompt()];
}
