/**
 * The Workspace's task templates (`GET /team/{id}/taskTemplate?page=`, every page read) and one
 * named by id or by name, as the template tools take it.
 */
import { ValidationError } from '@toolsmith/core';
import type { ClickUpCtx } from '../clickup-context.ts';

export interface ApiTemplate {
  id: string;
  name: string;
}

/** Pages read at most: 100 templates a page is the API's usual page. */
const MAX_PAGES = 10;

export async function taskTemplates(ctx: ClickUpCtx): Promise<ApiTemplate[]> {
  const team = await ctx.deps.client.teamId(ctx.signal);
  const all: ApiTemplate[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { templates } = await ctx.deps.client.get<{ templates: ApiTemplate[] }>(
      `/team/${encodeURIComponent(team)}/taskTemplate`,
      { query: { page }, signal: ctx.signal },
    );
    all.push(...templates.filter((t) => !all.some((a) => a.id === t.id)));
    if (templates.length === 0 || templates.length < 100) break;
  }
  return all;
}

/** The task template `wanted` names (its id, or its name in any case; a name is converted), or a refusal naming them. */
export async function taskTemplate(ctx: ClickUpCtx, wanted: string): Promise<ApiTemplate> {
  const templates = await taskTemplates(ctx);
  const found =
    templates.find((t) => t.id === wanted) ??
    templates.find((t) => t.name.toLowerCase() === wanted.trim().toLowerCase());
  if (!found) {
    throw new ValidationError({
      toolName: ctx.toolName,
      issues: [
        {
          field: 'template_id',
          message: `"${wanted}" is not a task template of the workspace. Its templates: ${
            templates.map((t) => `${t.id} (${t.name})`).join(', ') || 'none (add one in ClickUp first)'
          }. Nothing was sent.`,
        },
      ],
    });
  }
  if (found.id !== wanted) ctx.call?.convert('template_id', wanted, found.id, found.name);
  return found;
}
