import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import type { ApiCustomField } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listIdParam, teamIdParam } from '../shared/params.ts';

const ListCustomFieldsParams = lazySchema(() => z.object({ list_id: listIdParam(), team_id: teamIdParam() }));

interface FieldView {
  id: string;
  name: string;
  type: string;
  required?: boolean;
  /** Drop-down and labels options: what to send is the name (converted) or the id. */
  options?: { id: string; name: string }[];
}

export class ListCustomFieldsTool extends ClickUpTool<typeof ListCustomFieldsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('list_custom_fields', TOOL_PREFIX),
    description: "The custom fields a list's tasks can have: id, name, type and drop-down/labels options.",
    category: 'custom_fields',
    annotations: { readOnlyHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = ListCustomFieldsParams;

  async execute(
    { list_id }: ParamsOf<typeof ListCustomFieldsParams>,
    ctx: ClickUpCtx,
  ): Promise<{ fields: FieldView[] }> {
    const { fields } = await ctx.deps.client.get<{ fields: ApiCustomField[] }>(
      `/list/${encodeURIComponent(list_id)}/field`,
      { signal: ctx.signal },
    );
    return {
      fields: fields.map((f) => ({
        id: f.id,
        name: f.name,
        type: f.type,
        ...(f.required ? { required: true } : {}),
        ...(f.type_config?.options?.length
          ? { options: f.type_config.options.map((o) => ({ id: o.id, name: o.name ?? o.label ?? o.id })) }
          : {}),
      })),
    };
  }
}
