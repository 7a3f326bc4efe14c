import { tsString, type ServerTemplateContext } from '../template-context.ts';

/** `src/config.ts`: environment variables as a Zod object, read once at start-up by loadEnvConfig. */
export function configSource(ctx: ServerTemplateContext): string {
  const env = ctx.envPrefix;
  return `/**
 * Configuration of the ${ctx.title} server: environment variables, validated at start-up by
 * loadEnvConfig. A missing or malformed variable stops the server with a ConfigError naming every bad
 * variable, followed by its \`.describe()\` text, so write that text as where to get a valid value.
 */
import { loadEnvConfig } from '@toolsmith/core';
import { z } from 'zod';

export const ConfigSchema = z.object({
  ${env}_API_URL: z
    .url()
    .default('https://api.example.com')
    .describe(${tsString(`Base URL of the ${ctx.title} API (default: https://api.example.com).`)}),
  ${env}_API_TOKEN: z
    .string()
    .optional()
    .describe(${tsString(`${ctx.title} API token. Create one in your ${ctx.title} account settings.`)}),
});

export type ServerConfig = z.output<typeof ConfigSchema>;

/** Reads the configuration from \`env\` (process.env by default). Throws ConfigError. */
export function loadConfig(env?: Record<string, string | undefined>): ServerConfig {
  return loadEnvConfig(ConfigSchema, env);
}

/** The variables for \`--help\`, from the schema's descriptions. */
export function configHelp(): string {
  const entries = Object.entries(ConfigSchema.shape);
  const width = Math.max(...entries.map(([name]) => name.length));
  const lines = entries.map(([name, schema]) => \`  \${name.padEnd(width)}  \${schema.description ?? ''}\`);
  return ['Environment variables:', ...lines].join('\\n');
}
`;
}
