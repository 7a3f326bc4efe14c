import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView } from '../shared/list-result.ts';
import { fieldsOf } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { readCategories, toCategory } from './field-params.ts';

const GetFieldCategoriesParams = lazySchema(() => z.object({ fields: fieldsOf('id, name.en') }));

export class GetFieldCategoriesTool extends TrackerTool<typeof GetFieldCategoriesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_field_categories', TOOL_PREFIX),
    description: 'Categories that group issue fields.',
    category: 'fields',
    toolset: 'fields',
    tags: ['field', 'category', 'categories', 'custom fields', 'schema'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetFieldCategoriesParams;

  async execute(params: ParamsOf<typeof GetFieldCategoriesParams>, ctx: TrackerCtx) {
    const categories = await readCategories(ctx);
    return withProjectionRoot(
      { items: categories.map(chooseView(params, toCategory)), total: categories.length },
      'items',
    );
  }
}
