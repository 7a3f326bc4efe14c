/**
 * Reads permission rules from a JSON file: Claude Code's settings shape (`{ "permissions": { "allow":
 * [...], "ask": [...], "deny": [...], "defaultMode": "ask" } }`) or the `permissions` object alone.
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '@toolsmith/core';
import { z } from 'zod';
import type { PermissionRulesConfig } from './permission-rules.ts';

const Rules = z
  .object({
    allow: z.array(z.string()).optional(),
    ask: z.array(z.string()).optional(),
    deny: z.array(z.string()).optional(),
    defaultMode: z.enum(['allow', 'ask', 'deny']).optional(),
  })
  .strict();

export function loadPermissionsFile(file: string): PermissionRulesConfig {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError({
      problems: [
        {
          variable: '--permissions',
          problem: `${file}: ${error instanceof SyntaxError ? `not JSON (${error.message})` : 'cannot be read'}.`,
          howToFix:
            'Pass a JSON file such as {"permissions": {"allow": ["Bash(npm test:*)"], "ask": ["Edit"], "deny": ["Read(.env)"]}}.',
        },
      ],
    });
  }
  const root =
    typeof data === 'object' && data !== null && 'permissions' in data
      ? (data as { permissions: unknown }).permissions
      : data;
  const parsed = Rules.safeParse(root);
  if (!parsed.success) {
    throw new ConfigError({
      problems: parsed.error.issues.map((issue) => ({
        variable: `--permissions ${file}${issue.path.length ? ` at ${issue.path.join('.')}` : ''}`,
        problem: issue.message,
        howToFix:
          'Use the keys allow, ask, deny (lists of rules such as "Bash(npm test:*)", "Edit(src/**)", "WebFetch(domain:example.com)") and defaultMode ("allow", "ask" or "deny").',
      })),
    });
  }
  return parsed.data;
}
