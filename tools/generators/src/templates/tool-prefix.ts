import { tsString, type ServerTemplateContext } from '../template-context.ts';

/** `src/tool-prefix.ts`: the start of every tool name, read by the tools and by `generate tool`. */
export function toolPrefixSource(ctx: ServerTemplateContext): string {
  const doc = ctx.toolPrefix
    ? `/** Every tool name starts with \`${ctx.toolPrefix}_\` (search_tools, from core, excepted). */`
    : `/** Tool names are not prefixed (empty): buildToolName(name, TOOL_PREFIX) is the name itself. */`;
  return `${doc}
export const TOOL_PREFIX = ${tsString(ctx.toolPrefix ?? '')};
`;
}
