export {
  HeadlessBrowser,
  type BrowserHop,
  type Followed,
  type HeadlessBrowserOptions,
} from './headless-browser.ts';
export {
  authorize,
  CLIENT_REDIRECT,
  discoverFrom401,
  refreshTokens,
  registerPublicClient,
  revokeToken,
  signInForTokens,
  type AuthorizationServerRef,
  type Authorized,
  type AuthorizeOptions,
  type Discovered,
  type FetchLike,
  type RegisterOptions,
  type SignedInTokens,
} from './authorization-code.ts';
export { HeadlessClientProvider, type HeadlessClientProviderOptions } from './headless-client-provider.ts';
export { signIn, type SignedIn, type SignInOptions } from './sign-in.ts';
