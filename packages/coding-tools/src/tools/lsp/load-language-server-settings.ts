/**
 * Language-server settings from a JSON file (`coding-tools-mcp --lsp-config <file>`):
 * `{ "servers": [{ "id": "pyright", "command": "pyright-langserver", "args": ["--stdio"],
 * "extensions": [".py"] }], "idleTimeoutMs": 300000 }`. Checked whole; a mistake names the field.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { LanguageServerSettings } from './language-server-config.ts';

const ServerSchema = z.strictObject({
  id: z.string().min(1),
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  extensions: z.array(z.string().regex(/^\.[^./\\]+$/, 'an extension with its dot, e.g. ".py"')).min(1),
  languageIds: z.record(z.string(), z.string()).optional(),
  initializationOptions: z.unknown().optional(),
});

const SettingsSchema = z.strictObject({
  servers: z.array(ServerSchema).optional(),
  typescript: z.boolean().optional(),
  idleTimeoutMs: z.number().int().min(1).optional(),
  startTimeoutMs: z.number().int().min(1).optional(),
  requestTimeoutMs: z.number().int().min(1).optional(),
});

/** The settings in `file`; throws an Error whose message says what is wrong and how to fix it. */
export function loadLanguageServerSettings(file: string): LanguageServerSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `--lsp-config ${file}: cannot read it as JSON (${(error as Error).message}). Give a JSON file like {"servers": [{"id": "pyright", "command": "pyright-langserver", "args": ["--stdio"], "extensions": [".py"]}]}.`,
      { cause: error },
    );
  }
  const parsed = SettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(top level)'}: ${issue.message}`,
    );
    throw new Error(
      `--lsp-config ${file}: ${problems.join('; ')}. Fields: servers (id, command, args, extensions, languageIds, initializationOptions), typescript, idleTimeoutMs, startTimeoutMs, requestTimeoutMs.`,
    );
  }
  const { servers, ...rest } = parsed.data;
  return {
    ...rest,
    ...(servers
      ? {
          servers: servers.map((server) => ({
            id: server.id,
            command: server.command,
            extensions: server.extensions,
            ...(server.args ? { args: server.args } : {}),
            ...(server.languageIds ? { languageIds: server.languageIds } : {}),
            ...(server.initializationOptions !== undefined
              ? { initializationOptions: server.initializationOptions }
              : {}),
          })),
        }
      : {}),
  };
}
