/** Every tool name starts with `tracker_` (search_tools, from core, excepted). */
export const TOOL_PREFIX = 'tracker';
