import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.yandex-tracker.error.upstream-credentials';
const symbol = Symbol.for(marker);

/**
 * The server calls Tracker with each user's own credentials and this request brought none it can
 * use (no login, no gateway header, a header of another form). Tracker was not called; the server's
 * own credentials are never used instead. Never holds a token.
 */
export class UpstreamCredentialsError extends ToolsmithError {
  private readonly [symbol] = true;

  constructor(message: string) {
    super({ code: 'upstream_credentials_missing', userFacing: true, message });
    this.name = 'UpstreamCredentialsError';
  }

  /** No credentials came with the request. */
  static missing(): UpstreamCredentialsError {
    return new UpstreamCredentialsError(
      "Tracker was not called: this server acts as each user with the user's own Yandex credentials, and this request carried none. Connect through the server's login (its authorization server signs you in at Yandex) or, behind a gateway, have the gateway send your Yandex token; the server never falls back to an account of its own.",
    );
  }

  /** The pass-through header is missing. */
  static missingHeader(header: string): UpstreamCredentialsError {
    return new UpstreamCredentialsError(
      `Tracker was not called: this server runs in pass-through mode and takes each user's Yandex token from the ${header} header, which this request did not carry. The gateway in front of the server must set it on every request ("OAuth <token>" or "Bearer <IAM token>") and strip it from what clients send.`,
    );
  }

  /** The pass-through header is there, but not in a form Tracker takes. */
  static malformedHeader(header: string): UpstreamCredentialsError {
    return new UpstreamCredentialsError(
      `Tracker was not called: the ${header} header must be "OAuth <token>" (a Yandex OAuth token) or "Bearer <IAM token>" (a Yandex Cloud IAM token), one line of printable characters. Fix what the gateway sends.`,
    );
  }

  /** A credential without a scheme Tracker knows. */
  static rawScheme(): UpstreamCredentialsError {
    return new UpstreamCredentialsError(
      'Tracker was not called: the upstream credentials of this session are a bare token, but Tracker takes "OAuth <token>" or "Bearer <IAM token>". Log in again through the server.',
    );
  }

  static override isInstance(error: unknown): error is UpstreamCredentialsError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
