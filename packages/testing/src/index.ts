// Public API of @toolsmith/testing.

// Fake HTTP API with fault injection: the base of the API emulators and of HTTP client tests.
export {
  createFakeApi,
  compilePathPattern,
  TRUNCATED_JSON,
  type FakeApi,
  type FakeApiOptions,
  type FakeHandler,
  type FakeRequest,
  type FakeResponse,
  type FakeRoutes,
  type RecordedRequest,
  type Fault,
  type FaultControl,
  type FaultKind,
  type FaultScope,
  type HangFault,
  type LatencyFault,
  type MalformedBodyFault,
  type RateLimitFault,
  type ResetFault,
  type StatusFault,
  type PathParams,
  type PathPattern,
} from './fake-api/index.ts';

// MCP client harness: the SDK's real Client connected in memory, over stdio or Streamable HTTP.
export {
  connectInMemory,
  connectStdio,
  connectHttp,
  resultText,
  checkToolDefinition,
  type McpTestConnection,
  type StdioConnection,
  type StdioLaunch,
  type ClientOptions,
  type ClientEra,
  MODERN_PROTOCOL_VERSION,
  type DefinitionConventions,
  createToolContext,
} from './harness/index.ts';

// A free TCP port on 127.0.0.1, for programs that cannot listen on port 0 and report it.
export { freePort } from './net/free-port.ts';
// A real nginx as a child process, in front of servers under test.
export { findNginx, nginxPaths, startNginx, type RunningNginx, type StartNginxOptions } from './net/nginx.ts';
export { countTokens, definitionTokens, type DefinitionTokens } from './tokens/definition-tokens.ts';

// Headless OAuth sign-in, as an MCP client does it without a window: a cookie-keeping browser that
// follows redirects by hand, and the MCP SDK client's OAuth (whole, or step by step).
export {
  HeadlessBrowser,
  HeadlessClientProvider,
  CLIENT_REDIRECT,
  authorize,
  discoverFrom401,
  refreshTokens,
  registerPublicClient,
  revokeToken,
  signIn,
  signInForTokens,
  type AuthorizationServerRef,
  type Authorized,
  type AuthorizeOptions,
  type BrowserHop,
  type Discovered,
  type FetchLike,
  type Followed,
  type HeadlessBrowserOptions,
  type HeadlessClientProviderOptions,
  type RegisterOptions,
  type SignedIn,
  type SignedInTokens,
  type SignInOptions,
} from './oauth/index.ts';
