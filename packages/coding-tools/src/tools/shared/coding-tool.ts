/**
 * The base of every coding tool: core's BaseTool, with the session's permission rules checked before
 * the call has any effect (src/permissions/). A tool says what its rules match — `permission.kind`:
 * paths for file tools, the command for Bash, the host for WebFetch, nothing for the others — and
 * which group's rules apply to it too (`Edit` for the tools that write files, `Read` for those that
 * read or search them), and returns the call's subjects from `permissionSubjects`.
 */
import path from 'node:path';
import {
  BaseTool,
  type AnyZodObject,
  type ParamsDeclaration,
  type ParamsOf,
  type ToolContext,
} from '@toolsmith/core';
import { checkPermission } from '../../permissions/check-permission.ts';
import type { PermissionProfile } from '../../permissions/permission-rules.ts';
import type { CodingSession, CodingToolsDeps } from '../../session/coding-session.ts';

export abstract class CodingTool<
  TParams extends ParamsDeclaration = AnyZodObject,
  TResult = unknown,
> extends BaseTool<CodingToolsDeps, TParams, TResult> {
  /** What this tool's permission rules match. @default the tool alone */
  readonly permission: PermissionProfile = { kind: 'none' };

  /**
   * What the rules judge for this call: the paths it reads or writes (as {@link permissionPath} gives
   * them), the command it runs, the host it fetches. Empty: the tool alone.
   */
  protected permissionSubjects(_params: ParamsOf<TParams>, _ctx: ToolContext<CodingToolsDeps>): string[] {
    return [];
  }

  protected override async beforeExecute(
    params: ParamsOf<TParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<void> {
    await checkPermission(this.name, this.permissionSubjects(params, ctx), ctx);
  }
}

/**
 * A path as the rules see it: relative to the root (with `/`) when inside it, absolute otherwise.
 * `..` and symlinks are resolved by the file tools' own root check, which runs after this one.
 */
export function permissionPath(session: CodingSession, requested: string): string {
  const absolute = path.resolve(session.root, requested);
  const relative = path.relative(session.root, absolute);
  if (relative === '') return '.';
  if (relative.startsWith('..') || path.isAbsolute(relative)) return absolute;
  return relative.split(path.sep).join('/');
}
