import { RawGetTool } from './raw-get.tool.ts';

/** Raw: a read-only GET of an allow-listed API path (`raw` toolset, off by default). */
export function createRawTools() {
  return [new RawGetTool()];
}
