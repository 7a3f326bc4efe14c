/**
 * Toolsets group tools by area so a client can load only what it needs (`--toolsets issues,comments`).
 * `default` toolsets are enabled when the user names none.
 */
export interface Toolset {
  readonly id: string;
  readonly description: string;
  readonly default: boolean;
}

/** Identity helper for toolset literals. */
export function defineToolset<const T extends Toolset>(toolset: T): T {
  return toolset;
}
