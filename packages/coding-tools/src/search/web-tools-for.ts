/**
 * Which web tools a session gets: WebFetch always; WebSearch only with `options.webSearch`, and
 * CodeSearch only with `options.codeSearch` (both set by `braveSearchFromEnv()` when
 * `BRAVE_API_KEY` exists). A model never sees a search tool that could only fail.
 */
import type { CodingSession } from '../session/coding-session.ts';
import { CodeSearchTool } from '../tools/code-search.ts';
import { WebFetchTool } from '../tools/web-fetch.ts';
import { WebSearchTool } from '../tools/web-search.ts';

export type WebTool = WebFetchTool | WebSearchTool | CodeSearchTool;

export function webToolsFor(session: CodingSession): WebTool[] {
  const tools: WebTool[] = [new WebFetchTool()];
  if (session.options.webSearch) tools.push(new WebSearchTool());
  if (session.options.codeSearch) tools.push(new CodeSearchTool());
  return tools;
}
