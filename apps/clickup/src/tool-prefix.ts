/** Every tool name starts with `clickup_` (search_tools, from core, excepted). */
export const TOOL_PREFIX = 'clickup';
