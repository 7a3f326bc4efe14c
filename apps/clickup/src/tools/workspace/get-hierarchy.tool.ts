import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import type { ApiFolder, ApiList, ApiSpace } from '../../api/dto/hierarchy-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { spaceIdParam, teamIdParam } from '../shared/params.ts';
import { spaceMissing } from './hierarchy-hints.ts';

export const GetHierarchyParams = lazySchema(() =>
  z.object({
    space_id: spaceIdParam().optional().describe('Only this space; omit for every space'),
    team_id: teamIdParam(),
  }),
);

type Named = { id: string; name: string };

interface SpaceTree extends Named {
  folders: (Named & { lists: Named[] })[];
  /** Folderless lists. */
  lists: Named[];
}

const named = ({ id, name }: Named): Named => ({ id, name });

export class GetHierarchyTool extends ClickUpTool<typeof GetHierarchyParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_hierarchy', TOOL_PREFIX),
    description: 'Spaces → folders → lists (and folderless lists) in one call: ids and names, active only.',
    category: 'workspace',
    toolset: 'context',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetHierarchyParams;

  async execute({ space_id }: ParamsOf<typeof GetHierarchyParams>, ctx: ClickUpCtx) {
    const { client } = ctx.deps;
    const get = <T>(path: string) => client.get<T>(path, { signal: ctx.signal });
    let spaces: ApiSpace[];
    if (space_id !== undefined) {
      try {
        spaces = [await get<ApiSpace>(`/space/${space_id}`)];
      } catch (error) {
        throw spaceMissing(error);
      }
    } else {
      spaces = (await get<{ spaces: ApiSpace[] }>(`/team/${await client.teamId(ctx.signal)}/space`)).spaces;
    }
    const tree = await Promise.all(
      spaces.map(async (space): Promise<SpaceTree> => {
        const [{ folders }, { lists }] = await Promise.all([
          get<{ folders: ApiFolder[] }>(`/space/${space.id}/folder`),
          get<{ lists: ApiList[] }>(`/space/${space.id}/list`),
        ]);
        return {
          ...named(space),
          folders: folders.map((f) => ({ ...named(f), lists: (f.lists ?? []).map(named) })),
          lists: lists.map(named),
        };
      }),
    );
    return { spaces: tree };
  }
}
