/**
 * The MCP SDK v2 client's `OAuthClientProvider`, kept in memory, whose "browser" is the headless
 * one: what a desktop MCP client implements, minus the window. When the SDK hands it the
 * authorization URL (after discovery, registration and PKCE), it adds `login_hint` so the login
 * page approves without showing itself, walks the redirects and keeps where they came back to the
 * client (`callback`, with the code) for `finishAuth`.
 */
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import { CLIENT_REDIRECT } from './authorization-code.ts';
import { HeadlessBrowser } from './headless-browser.ts';

export interface HeadlessClientProviderOptions {
  /** `login_hint`: the user the login page approves. */
  loginHint: string;
  /** The registered client's name. @default `client of ${loginHint}` */
  clientName?: string;
  /** The browser (its `onHop` hook, its cookies); a fresh one by default. */
  browser?: HeadlessBrowser;
  /** Called with the SDK's authorization URL before the browser opens it (`login_hint` not yet added). */
  onAuthorizationUrl?: (url: URL) => void;
  /** Called when the browser is back at the client's redirect URI (the code in its query). */
  onCallback?: (url: URL) => void;
}

export class HeadlessClientProvider implements OAuthClientProvider {
  /** The client registration the SDK saved. */
  information?: OAuthClientInformationMixed;
  /** The tokens the SDK saved (the latest). */
  saved?: OAuthTokens;
  discovery?: OAuthDiscoveryState;
  /** The authorization URL the SDK built (PKCE, scope, resource…). */
  authorizationUrl?: URL;
  /** Where the browser came back to the client, with the code, state and iss. */
  callback?: URL;
  readonly browser: HeadlessBrowser;
  readonly loginHint: string;
  private verifier = '';
  private readonly options: HeadlessClientProviderOptions;

  constructor(options: HeadlessClientProviderOptions) {
    this.options = options;
    this.loginHint = options.loginHint;
    this.browser = options.browser ?? new HeadlessBrowser();
  }

  get redirectUrl() {
    return CLIENT_REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName ?? `client of ${this.loginHint}`,
      redirect_uris: [CLIENT_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrl = new URL(url);
    this.options.onAuthorizationUrl?.(new URL(url));
    const start = new URL(url);
    start.searchParams.set('login_hint', this.loginHint);
    this.callback = await this.browser.followTo(start, (at) => at.href.startsWith(CLIENT_REDIRECT));
    this.options.onCallback?.(this.callback);
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}
