/** The custom fields tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { ListCustomFieldsTool } from './list-custom-fields.tool.ts';
import { RemoveCustomFieldValueTool } from './remove-custom-field-value.tool.ts';
import { SetCustomFieldValueTool } from './set-custom-field-value.tool.ts';

export function customFieldTools(): AnyTool<ClickUpDeps>[] {
  return [new ListCustomFieldsTool(), new SetCustomFieldValueTool(), new RemoveCustomFieldValueTool()];
}
