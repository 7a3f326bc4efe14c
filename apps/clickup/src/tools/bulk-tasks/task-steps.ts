/**
 * The single-task tools as the steps of a bulk call: the same params, checks and write, with their
 * guarded-path hooks (`beforeExecute`, `translateError`) opened to the bulk tools, under the bulk
 * tool's name (so an item's "outcome unknown" says not to repeat the bulk call). Nothing is copied:
 * a check added to clickup_update_task is a check of every item of clickup_bulk_update_tasks.
 */
import { defineToolMetadata, type ParamsOf, type ParamsValidation } from '@toolsmith/core';
import type { ClickUpCtx } from '../clickup-context.ts';
import { CreateTaskTool } from '../tasks/create-task.tool.ts';
import { DeleteTaskTool } from '../tasks/delete-task.tool.ts';
import { MoveTaskTool } from '../tasks/move-task.tool.ts';
import { UpdateTaskTool } from '../tasks/update-task.tool.ts';

/** What a bulk tool runs of a single-task tool, item by item. */
export interface TaskStep<P extends object = Record<string, unknown>> {
  readonly name: string;
  getParamsSchema(): unknown;
  validateParams(args: unknown): ParamsValidation<P>;
  /** The tool's checks (its `beforeExecute`): they may read, never write. */
  prepare(params: P, ctx: ClickUpCtx): Promise<void>;
  execute(params: P, ctx: ClickUpCtx): Promise<unknown>;
  /** The tool's `translateError`: the recovery text of an item that failed. */
  translate(error: unknown, params: P, ctx: ClickUpCtx): Promise<unknown>;
}

const renamed = (metadata: ReturnType<typeof defineToolMetadata>, name: string) =>
  defineToolMetadata({ ...metadata, name });

export function createStep(bulkName: string): TaskStep<ParamsOf<typeof CreateTaskTool.PARAMS>> {
  return new (class extends CreateTaskTool {
    static override readonly METADATA = renamed(CreateTaskTool.METADATA, bulkName);
    prepare(params: ParamsOf<typeof CreateTaskTool.PARAMS>, ctx: ClickUpCtx) {
      return this.beforeExecute(params, ctx);
    }
    async translate(error: unknown, params: ParamsOf<typeof CreateTaskTool.PARAMS>, ctx: ClickUpCtx) {
      return this.translateError(error, params, ctx);
    }
  })();
}

export function updateStep(bulkName: string): TaskStep<ParamsOf<typeof UpdateTaskTool.PARAMS>> {
  return new (class extends UpdateTaskTool {
    static override readonly METADATA = renamed(UpdateTaskTool.METADATA, bulkName);
    prepare(params: ParamsOf<typeof UpdateTaskTool.PARAMS>, ctx: ClickUpCtx) {
      return this.beforeExecute(params, ctx);
    }
    async translate(error: unknown, params: ParamsOf<typeof UpdateTaskTool.PARAMS>, ctx: ClickUpCtx) {
      return this.translateError(error, params, ctx);
    }
  })();
}

export function moveStep(bulkName: string): TaskStep<ParamsOf<typeof MoveTaskTool.PARAMS>> {
  return new (class extends MoveTaskTool {
    static override readonly METADATA = renamed(MoveTaskTool.METADATA, bulkName);
    prepare(params: ParamsOf<typeof MoveTaskTool.PARAMS>, ctx: ClickUpCtx) {
      return this.beforeExecute(params, ctx);
    }
    async translate(error: unknown, params: ParamsOf<typeof MoveTaskTool.PARAMS>, ctx: ClickUpCtx) {
      return this.translateError(error, params, ctx);
    }
  })();
}

export function deleteStep(bulkName: string): TaskStep<ParamsOf<typeof DeleteTaskTool.PARAMS>> {
  return new (class extends DeleteTaskTool {
    static override readonly METADATA = renamed(DeleteTaskTool.METADATA, bulkName);
    prepare(params: ParamsOf<typeof DeleteTaskTool.PARAMS>, ctx: ClickUpCtx) {
      return this.beforeExecute(params, ctx);
    }
    async translate(error: unknown, params: ParamsOf<typeof DeleteTaskTool.PARAMS>, ctx: ClickUpCtx) {
      return this.translateError(error, params, ctx);
    }
  })();
}
