import { ToolsmithError } from '../../errors/toolsmith-error.ts';

const marker = 'toolsmith.error.upstream_login_required';
const symbol = Symbol.for(marker);

/**
 * The calling user's upstream sign-in is gone: no tokens are kept for them, or the tokens expired
 * and the provider did not renew them. Retrying will not help; the user signs in again from their
 * MCP client. Never contains a token.
 */
export class UpstreamLoginRequiredError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly provider: string;

  constructor({ provider, reason, cause }: { provider: string; reason: string; cause?: unknown }) {
    super({
      code: 'upstream_login_required',
      userFacing: true,
      cause,
      message: `${reason} Sign in to ${provider} again: reconnect this MCP server in your client, which opens the ${provider} login.`,
    });
    this.name = 'UpstreamLoginRequiredError';
    this.provider = provider;
  }

  static override isInstance(error: unknown): error is UpstreamLoginRequiredError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
