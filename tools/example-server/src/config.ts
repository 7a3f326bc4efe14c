import { loadEnvConfig } from '@toolsmith/core';
import { z } from 'zod';

const BookshelfEnv = z.object({
  BOOKSHELF_API_URL: z
    .url()
    .describe('Base URL of the Bookshelf API, e.g. http://127.0.0.1:4010 (the demo starts an emulator).'),
  BOOKSHELF_TOKEN: z
    .string()
    .min(8)
    .describe('API token: create one under Settings → API tokens in your Bookshelf account.'),
  BOOKSHELF_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30_000)
    .describe('Per-request timeout in milliseconds.'),
  BOOKSHELF_POLL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(500)
    .describe('Delay between export status polls.'),
});

export type BookshelfConfig = z.output<typeof BookshelfEnv>;

/** Reads and validates the environment; throws ConfigError naming every missing or bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): BookshelfConfig {
  return loadEnvConfig(BookshelfEnv, env);
}
