/**
 * What a ClickUp tool's `execute` receives: core's ToolContext over the ClickUp deps. It imports
 * nothing but deps.ts, so any file may take it without closing an import circle through the tools'
 * helpers.
 */
import type { ToolContext } from '@toolsmith/core';
import type { ClickUpDeps } from '../deps.ts';

export type ClickUpCtx = ToolContext<ClickUpDeps>;
