import {
  ApiError,
  asRef,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { labelsPlan, timeEntryTags, type ApiTimeEntryTag } from './time-entry-tag-params.ts';
import { timeEntriesPath } from './time-params.ts';

const names = () => z.array(z.string().trim()).optional();

export const TagTimeEntriesParams = lazySchema(() =>
  z.object({
    entry_ids: z.array(asRef(z.string(), 'time_entry')).min(1).max(100),
    add: names().describe('Label names'),
    remove: names(),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof TagTimeEntriesParams>;
/** The colours of a label the workspace does not have yet (ClickUp's purple). */
const NEW_LABEL = { tag_fg: '#ffffff', tag_bg: '#7b68ee' };

export class TagTimeEntriesTool extends ClickUpTool<typeof TagTimeEntriesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('tag_time_entries', TOOL_PREFIX),
    description: 'Add or remove labels on time entries.',
    category: 'time_entry_writes',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = TagTimeEntriesParams;

  /** The labels to send, as the workspace spells them, found by the checks. */
  readonly #labels = new WeakMap<object, { add: ApiTimeEntryTag[]; remove: string[] }>();

  protected override async beforeExecute(params: Params, ctx: ClickUpCtx) {
    const refuse = (field: string, message: string): never => {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [{ field, message: `${message} Nothing was sent.` }],
      });
    };
    const { add = [], remove = [] } = params;
    const notId = params.entry_ids.findIndex((id) => !/^\d+$/.test(id));
    if (notId >= 0)
      refuse(`entry_ids.${notId}`, 'time entry ids are numbers: find them with clickup_get_time_entries.');
    const blank = [...add, ...remove].some((name) => name === '');
    if (blank) refuse(add.includes('') ? 'add' : 'remove', 'a label name cannot be empty.');
    if (add.length + remove.length === 0)
      refuse('add', 'nothing to change: give add or remove (label names).');
    const both = add.find((a) => remove.some((r) => r.toLowerCase() === a.toLowerCase()));
    if (both !== undefined)
      refuse('remove', `"${both}" is both added and removed: keep it in one of the two.`);
    const known = await labelsPlan(ctx, () => timeEntryTags(ctx));
    const find = (name: string) => known.find((k) => k.name.toLowerCase() === name.toLowerCase());
    const missing = remove.filter((r) => !find(r));
    if (missing.length > 0)
      refuse(
        'remove',
        `the workspace has no label ${missing.map((m) => `"${m}"`).join(', ')}. Its labels: ${known.map((k) => k.name).join(', ') || 'none'}.`,
      );
    this.#labels.set(params, {
      add: add.map((name) => find(name) ?? { name, ...NEW_LABEL }),
      remove: remove.map((name) => find(name)!.name),
    });
    await super.beforeExecute(params, ctx);
  }

  async execute(params: Params, ctx: ClickUpCtx) {
    const { add, remove } = this.#labels.get(params)!;
    const path = await timeEntriesPath(ctx, '/tags');
    const time_entry_ids = params.entry_ids;
    if (add.length > 0) {
      const tags = add.map(({ name, tag_fg = NEW_LABEL.tag_fg, tag_bg = NEW_LABEL.tag_bg }) => ({
        name,
        tag_fg,
        tag_bg,
      }));
      await labelsPlan(ctx, () =>
        ctx.deps.client.post(path, { json: { time_entry_ids, tags }, signal: ctx.signal }),
      );
    }
    if (remove.length > 0) {
      try {
        await labelsPlan(ctx, () =>
          ctx.deps.client.delete(path, {
            json: { time_entry_ids, tags: remove.map((name) => ({ name })) },
            signal: ctx.signal,
          }),
        );
      } catch (error) {
        if (add.length > 0 && ApiError.isInstance(error))
          error.message = `${error.message} The labels ${add.map((a) => a.name).join(', ')} were added; only the removal failed: call again with remove alone.`;
        throw error;
      }
    }
    return {
      entries: time_entry_ids,
      ...(add.length > 0 ? { added: add.map((a) => a.name) } : {}),
      ...(remove.length > 0 ? { removed: remove } : {}),
    };
  }
}
