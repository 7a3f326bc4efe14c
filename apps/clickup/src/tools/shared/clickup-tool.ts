/**
 * The base of every ClickUp tool: core's BaseTool (validation, `fields` projection, output budget,
 * error conversion) over the ClickUp dependencies. Tools reach the API only through
 * `ctx.deps.client`.
 */
import { BaseTool, type AnyZodObject, type ToolContext } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';

export type ClickUpCtx = ToolContext<ClickUpDeps>;

export abstract class ClickUpTool<
  TParams extends AnyZodObject = AnyZodObject,
  TOutput = unknown,
> extends BaseTool<ClickUpDeps, TParams, TOutput> {}
