import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { runBulkChange } from './bulk-operation.ts';
import {
  bulkIssueIdsParam,
  BULK_VALUES_FIELDS,
  bulkValuesBody,
  bulkValuesRef,
  notifyParam,
} from './bulk-params.ts';
import { BulkWriteTool } from './bulk-tool.ts';

const BulkUpdateIssuesParams = lazySchema(() =>
  z.object({
    issueIds: bulkIssueIdsParam,
    values: bulkValuesRef.describe(`Fields to set: ${BULK_VALUES_FIELDS}`),
    notify: notifyParam,
  }),
);

export class BulkUpdateIssuesTool extends BulkWriteTool<typeof BulkUpdateIssuesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('bulk_update_issues', TOOL_PREFIX),
    description:
      'Set fields on many issues and wait, with progress; one bad value changes nothing. If `done` is false, poll tracker_get_bulk_change_status.',
    category: 'bulk',
    toolset: 'bulk',
    tags: ['bulk', 'mass', 'update', 'edit', 'batch', 'write', 'progress'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = BulkUpdateIssuesParams;

  async execute(params: ParamsOf<typeof BulkUpdateIssuesParams>, ctx: TrackerCtx) {
    const values = bulkValuesBody(params.values);
    if (Object.keys(values).length === 0) {
      throw new ValidationError({
        issues: [
          {
            field: 'values',
            message:
              'sets nothing. Name at least one field to change, e.g. {"priority": "critical"} or {"tags": {"add": ["backend"]}}.',
          },
        ],
      });
    }
    const issues = [...new Set(params.issueIds)];
    return runBulkChange(ctx, {
      action: '_update',
      body: { issues, values },
      notify: params.notify,
      issues: issues.length,
      failedHint:
        'Issues that could not take the values were left unchanged: read them with tracker_get_issues, fix the values for those and retry only them.',
    });
  }
}
