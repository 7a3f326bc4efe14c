/**
 * Which OAuth scope a tool needs on a server with authentication (`--auth`), and whether a token's
 * scopes allow it. The model is deliberately flat: three scopes, `read` (tools annotated
 * `readOnlyHint: true`), `write` (every other tool) and `admin` (only tools that set
 * `scope: 'admin'`), or a custom scope a tool names. A token may call a tool when its scopes list
 * the tool's scope, exactly: `write` does not imply `read`, and `admin` implies neither. An
 * authorization server that wants a writer to read too grants `read write`.
 */
import type { ToolMetadata, ToolScope } from './tool-metadata.ts';

/** The scopes toolsmith knows by name, in the order `scopes_supported` lists them. */
export const STANDARD_SCOPES = ['read', 'write', 'admin'] as const;

/** The scope a tool needs: its own `scope`, else `read` for a read-only tool and `write` for the rest. */
export function toolScope(metadata: Pick<ToolMetadata, 'scope' | 'annotations'>): ToolScope {
  return metadata.scope ?? (metadata.annotations.readOnlyHint ? 'read' : 'write');
}

/** Whether a token with `granted` scopes may see and call a tool that needs `needed`. */
export function scopeAllows(granted: readonly string[], needed: string): boolean {
  return granted.includes(needed);
}

/**
 * The instruction given to a caller whose token lacks the scope (tool error text, 403
 * `error_description`): printable ASCII without quotes, as RFC 6750 wants of the latter.
 */
export function missingScopeMessage(toolName: string, needed: string): string {
  return `Tool ${toolName} needs the ${needed} scope, which your access token does not have. Ask the authorization server for a token with scope ${needed} (your client requests it when it signs in again), then call the tool again.`;
}
