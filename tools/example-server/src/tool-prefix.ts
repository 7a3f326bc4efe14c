/** Every tool name starts with `bookshelf_` (search_tools, from core, excepted). */
export const TOOL_PREFIX = 'bookshelf';
