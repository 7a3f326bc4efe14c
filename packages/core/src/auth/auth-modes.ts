/**
 * The `--auth` modes, apart from their implementations: the serve CLI validates the flag with these
 * at start-up and loads configure-auth.ts (jose, the verifiers) only when a mode other than `none`
 * is chosen, so a stdio server does not pay for it.
 */
import type { AuthMode } from './resource-server.ts';

/** `--auth`: `none` serves without authentication. */
export type AuthSetting = 'none' | AuthMode;

export const AUTH_MODES: readonly AuthSetting[] = ['none', 'jwt', 'introspection', 'api-key', 'builtin'];
