/**
 * ClickUp's OAuth, as the emulator keeps it (research §2.1, [doc: Authentication]): apps (client id,
 * secret, redirect URLs), the authorization codes an approval hands out (single use, short-lived)
 * and the access tokens a code is exchanged for (no expiry, as ClickUp's "at this time"), each
 * token bound to one user and the workspaces that user authorized.
 *
 * Apps and tokens are credentials, not workspace data: `reset()` keeps them (a server holding a
 * token goes on working across resets) and forgets pending codes only.
 */
import { randomBytes } from 'node:crypto';
import { ClickUpHttpError } from '../clickup-error.ts';
import type { ClickUpState } from '../clickup-state.ts';
import { resolveUser, workspacesOf } from '../members.ts';

export interface OAuthAppConfig {
  clientId: string;
  clientSecret: string;
  /** The app's Redirect URLs; an authorize request's `redirect_uri` must be one of them exactly. */
  redirectUris: string[];
  /** Shown on the consent page. */
  name: string;
}

/** What a token (or a pending code) grants: one user, the workspaces they authorized for the app. */
export interface OAuthGrant {
  clientId: string;
  userId: number;
  teamIds: string[];
}

interface PendingCode extends OAuthGrant {
  redirectUri: string;
  expiresAt: number;
}

export interface OAuthRegistryOptions {
  state: ClickUpState;
  now: () => number;
  /** How long a code may wait for its exchange. */
  codeTtlMs: number;
}

export interface IssueTokenOptions {
  /** Default the first app (the emulator's default one). */
  clientId?: string;
  /** Default every workspace the user is a member of. */
  teamIds?: string[];
}

// Emulator's choice: the research names no ECODE for a bad secret or code (OAUTH_010 is "client not
// found", OAUTH_007 the redirect URI mismatch, [doc: Common Errors]).
export const clientNotFound = () => new ClickUpHttpError(400, 'Client not found', 'OAUTH_010');
export const clientSecretInvalid = () => new ClickUpHttpError(400, 'Client secret invalid', 'OAUTH_010');
export const redirectUriMismatch = () =>
  new ClickUpHttpError(400, 'Redirect URI does not match one of the app’s Redirect URLs', 'OAUTH_007');
export const codeInvalid = () => new ClickUpHttpError(400, 'Code invalid', 'OAUTH_014');

export class OAuthRegistry {
  readonly #apps = new Map<string, OAuthAppConfig>();
  readonly #codes = new Map<string, PendingCode>();
  readonly #tokens = new Map<string, OAuthGrant>();
  readonly #options: OAuthRegistryOptions;

  constructor(options: OAuthRegistryOptions) {
    this.#options = options;
  }

  get apps(): readonly OAuthAppConfig[] {
    return [...this.#apps.values()];
  }

  addApp(app: OAuthAppConfig): OAuthAppConfig {
    if (this.#apps.has(app.clientId)) {
      throw new Error(`An OAuth app with client id ${app.clientId} is already configured; pick another id.`);
    }
    const copy = { ...app, redirectUris: [...app.redirectUris] };
    this.#apps.set(app.clientId, copy);
    return copy;
  }

  /** The app of an authorize request, its redirect URI checked; throws the API's error otherwise. */
  checkClient(clientId: string | undefined, redirectUri: string | undefined): OAuthAppConfig {
    const app = clientId === undefined ? undefined : this.#apps.get(clientId);
    if (!app) throw clientNotFound();
    if (redirectUri === undefined || !app.redirectUris.includes(redirectUri)) throw redirectUriMismatch();
    return app;
  }

  /** An approval: a fresh single-use code for this user and these workspaces. */
  issueCode(grant: OAuthGrant & { redirectUri: string }): string {
    const code = randomBytes(16).toString('hex').toUpperCase();
    this.#codes.set(code, { ...grant, expiresAt: this.#options.now() + this.#options.codeTtlMs });
    return code;
  }

  /** `POST /oauth/token`: the code's token; the code is spent whatever the outcome after the client check. */
  exchange(clientId: string | undefined, clientSecret: string | undefined, code: string | undefined): string {
    const app = clientId === undefined ? undefined : this.#apps.get(clientId);
    if (!app) throw clientNotFound();
    if (clientSecret !== app.clientSecret) throw clientSecretInvalid();
    const pending = code === undefined ? undefined : this.#codes.get(code);
    if (!pending) throw codeInvalid();
    this.#codes.delete(code!);
    if (pending.clientId !== app.clientId || pending.expiresAt <= this.#options.now()) throw codeInvalid();
    return this.#mint({ clientId: pending.clientId, userId: pending.userId, teamIds: pending.teamIds });
  }

  /** A token as if the user had gone through the flow (tests that skip the login). */
  issueToken(user: number | string, options: IssueTokenOptions = {}): string {
    const found = resolveUser(this.#options.state, user);
    if (!found) throw new Error(`No user ${String(user)} in the emulator: give an id, email or username.`);
    const clientId = options.clientId ?? this.apps[0]?.clientId;
    if (clientId === undefined || !this.#apps.has(clientId)) {
      throw new Error(`No OAuth app ${String(clientId)} in the emulator: add it with oauth.addApp().`);
    }
    return this.#mint({
      clientId,
      userId: found.id,
      teamIds: options.teamIds ?? workspacesOf(this.#options.state, found.id),
    });
  }

  /** Registers a token chosen by the caller (the `oauth.accessToken` option). */
  register(token: string, grant: OAuthGrant): void {
    this.#tokens.set(token, { ...grant, teamIds: [...grant.teamIds] });
  }

  /** The grant behind a Bearer token, or undefined (unknown or revoked). */
  lookup(token: string): OAuthGrant | undefined {
    return this.#tokens.get(token);
  }

  /** Revokes a token (the user removed the app): it answers 401 OAUTH_025 from then on. */
  revoke(token: string): boolean {
    return this.#tokens.delete(token);
  }

  /** Forgets pending codes (`reset()`); apps and tokens stay. */
  forgetCodes(): void {
    this.#codes.clear();
  }

  #mint(grant: OAuthGrant): string {
    // ClickUp's OAuth tokens read `<user id>_<40 hex>`.
    const token = `${grant.userId}_${randomBytes(20).toString('hex')}`;
    this.#tokens.set(token, grant);
    return token;
  }
}
