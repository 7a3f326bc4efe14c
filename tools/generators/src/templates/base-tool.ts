import type { ServerTemplateContext } from '../template-context.ts';

/** `src/tools/shared/<stem>-tool.ts`: the base class every tool of the server extends. */
export function baseToolSource(ctx: ServerTemplateContext): string {
  return `/**
 * The base of every ${ctx.title} tool: core's BaseTool (parsing, the guarded path, \`fields\`
 * projection, the output budget, error conversion) over the server's deps. What every tool of the
 * server does the same way goes here: its guard policy, a check before any call (beforeExecute),
 * the API's errors made into recovery text (translateError).
 */
import { BaseTool, type AnyZodObject, type ParamsDeclaration } from '@toolsmith/core';
import type { ${ctx.depsType} } from '../../deps.ts';

export abstract class ${ctx.pascal}Tool<
  TParams extends ParamsDeclaration = AnyZodObject,
  TOutput = unknown,
> extends BaseTool<${ctx.depsType}, TParams, TOutput> {}
`;
}
