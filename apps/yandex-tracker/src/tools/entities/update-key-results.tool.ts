import {
  buildToolName,
  defineToolMetadata,
  fold,
  lazySchema,
  ref,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { compact, personRef } from '../../api/dto/refs.ts';
import type { Ref } from '../../api/dto/tracker-types.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { atMost, dateParam, filled, userIdParam, versionParam } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { entityPath, summaryParam, withEntityHint, type ApiEntity } from './entity-params.ts';

const KeyResultParam = () =>
  z.object({
    text: summaryParam().describe('What to reach.'),
    assignee: userIdParam.optional(),
    deadline: dateParam().optional(),
    start: z.number().optional().describe('Measured: from,'),
    end: z.number().optional().describe('to,'),
    current: z.number().optional().describe('now. Else reached or not.'),
  });

const UpdateKeyResultsParams = lazySchema(() =>
  z.object({
    goalId: ref('entity', { scope: () => 'goal' }).describe('Goal: id, shortId or name.'),
    version: versionParam,
    add: z
      .array(KeyResultParam())
      .refine(atMost(20), 'Must have at most 20 items.')
      .optional()
      .describe('Key results to add.'),
    remove: z
      .array(z.string().refine(filled, 'Must be at least 1 character long.'))
      .refine(atMost(50), 'Must have at most 50 items.')
      .optional()
      .describe('Key result ids or texts.'),
  }),
);

type Params = ParamsOf<typeof UpdateKeyResultsParams>;

interface ApiKeyResult {
  id: string;
  text?: string;
  type?: string;
  assignee?: Ref;
  deadline?: { date?: string };
  progress?: { start?: number; end?: number; current?: number };
  achieved?: boolean;
}

const keyResultsOf = (goal: ApiEntity) => (goal.fields?.['keyResultItems'] ?? []) as ApiKeyResult[];

export class UpdateKeyResultsTool extends TrackerTool<typeof UpdateKeyResultsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_key_results', TOOL_PREFIX),
    description: "Add or remove a goal's key results.",
    category: 'entities',
    toolset: 'entities',
    tags: ['goal', 'okr', 'key result', 'objective', 'update', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateKeyResultsParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: "the goal's key results were changed",
      tool: buildToolName('get_entity', TOOL_PREFIX),
      args: { entityType: 'goal', entityId: params.goalId, fields: ['fields.keyResultItems'] },
      lookFor: 'the key results added (or no longer the ones removed)',
    };
  }

  async execute(params: Params, ctx: TrackerCtx) {
    if (!params.add?.length && !params.remove?.length) {
      throw refuse(
        this.name,
        '',
        'says nothing to change. Pass `add` (key results) or `remove` (their ids or texts).',
      );
    }
    params.add?.forEach((k, i) => {
      const numbers = [k.start, k.end, k.current].filter((n) => n !== undefined).length;
      if (numbers > 0 && numbers < 3) {
        throw refuse(
          this.name,
          `add.${i}.${k.start === undefined ? 'start' : k.end === undefined ? 'end' : 'current'}`,
          'A measured key result needs `start`, `end` and `current` (or none of them: reached or not). Nothing was sent.',
        );
      }
    });
    const path = entityPath('goal', params.goalId);
    let remove: string[] = [];
    try {
      if (params.remove?.length) {
        const goal = await ctx.deps.client.get<ApiEntity>(path, {
          query: { fields: 'keyResultItems' },
          signal: ctx.signal,
        });
        remove = params.remove.map((given, i) => this.keyResultId(keyResultsOf(goal), given, i, ctx));
      }
      const goal = await ctx.deps.client.patch<ApiEntity>(path, {
        query: {
          fields: 'keyResultItems',
          ...(params.version !== undefined ? { version: params.version } : {}),
        },
        json: {
          fields: {
            keyResultItems: {
              ...(params.add?.length
                ? {
                    add: params.add.map((k) => ({
                      text: k.text,
                      type: k.start === undefined ? 'binary' : 'value',
                      ...(k.assignee !== undefined ? { assignee: k.assignee } : {}),
                      ...(k.deadline !== undefined
                        ? { deadline: { date: k.deadline.date, deadlineType: 'date' } }
                        : {}),
                      ...(k.start !== undefined
                        ? { progress: { start: k.start, end: k.end, current: k.current } }
                        : {}),
                    })),
                  }
                : {}),
              ...(remove.length ? { remove } : {}),
            },
          },
        },
        signal: ctx.signal,
      });
      return {
        goalId: goal.id,
        version: goal.version,
        keyResults: keyResultsOf(goal).map((k) =>
          compact({
            keyResultId: k.id,
            text: k.text,
            type: k.type,
            assignee: personRef(k.assignee),
            deadline: k.deadline?.date?.slice(0, 10),
            progress: k.progress,
            achieved: k.achieved,
          }),
        ),
      };
    } catch (error) {
      throw withEntityHint(error);
    }
  }

  /** A key result by id, or by its text (converted, announced); else refused with the goal's. */
  private keyResultId(items: ApiKeyResult[], given: string, i: number, ctx: TrackerCtx): string {
    if (items.some((k) => k.id === given)) return given;
    const byText = items.filter((k) => k.text !== undefined && fold(k.text) === fold(given));
    if (byText.length === 1) {
      ctx.call?.convert(`remove.${i}`, given, byText[0]!.id);
      return byText[0]!.id;
    }
    throw refuse(
      this.name,
      `remove.${i}`,
      `"${given}" is not a key result of this goal. Its key results: ${items.map((k) => `${k.id} ("${k.text ?? ''}")`).join(', ') || 'none'}. Nothing was sent.`,
    );
  }
}
