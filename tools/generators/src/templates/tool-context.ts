import type { ServerTemplateContext } from '../template-context.ts';

/** `src/tools/<stem>-context.ts`: the type of the ctx every tool's execute() receives. */
export function toolContextSource(ctx: ServerTemplateContext): string {
  return `/**
 * What a ${ctx.title} tool's \`execute\` receives: core's ToolContext over the server's deps. It
 * imports nothing but deps.ts, so any file may take it without closing an import circle.
 */
import type { ToolContext } from '@toolsmith/core';
import type { ${ctx.depsType} } from '../deps.ts';

export type ${ctx.pascal}Ctx = ToolContext<${ctx.depsType}>;
`;
}
