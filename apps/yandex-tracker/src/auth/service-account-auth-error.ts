import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.yandex-tracker.error.service-account-auth';
const symbol = Symbol.for(marker);

/**
 * The service account could not get an IAM token and no usable one is left: Tracker was not
 * called. Says what the operator must check; never holds the key, the JWT or a token.
 */
export class ServiceAccountAuthError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly serviceAccountId: string;

  constructor(serviceAccountId: string, endpoint: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super({
      code: 'service_account_auth_failed',
      userFacing: true,
      cause,
      message: `Tracker was not called: the server's service account ${serviceAccountId} could not get an IAM token from ${endpoint} (${reason}). Tell the server's operator to check the authorized key (YANDEX_SA_KEY_FILE, or YANDEX_SA_KEY_ID + YANDEX_SA_SERVICE_ACCOUNT_ID + YANDEX_SA_PRIVATE_KEY: a key of this service account that was not deleted) and YANDEX_IAM_ENDPOINT; if the IAM service was unavailable, try again in a minute.`,
    });
    this.name = 'ServiceAccountAuthError';
    this.serviceAccountId = serviceAccountId;
  }

  static override isInstance(error: unknown): error is ServiceAccountAuthError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
