import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { taskTemplates } from './template-params.ts';

export const GetTaskTemplatesParams = lazySchema(() => z.object({ team_id: teamIdParam() }));

export class GetTaskTemplatesTool extends ClickUpTool<typeof GetTaskTemplatesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_task_templates', TOOL_PREFIX),
    description: "The workspace's task templates: { items: [{ id, name }] }.",
    category: 'templates',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetTaskTemplatesParams;

  async execute(_params: ParamsOf<typeof GetTaskTemplatesParams>, ctx: ClickUpCtx) {
    return { items: await taskTemplates(ctx) };
  }
}
