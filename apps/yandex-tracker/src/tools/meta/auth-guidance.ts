/**
 * Turns the API's 401/403 into what to change in the server's configuration: the token (OAuth or
 * IAM) or the organisation header (research §2.7 item 7: yandex_tracker_client#16, a 403
 * "Organization is not available, not ready or not found" caused by the wrong org header).
 */
import { AuthError } from '@toolsmith/core';
import type { CredentialKind } from '../../auth/credential-source.ts';
import type { TrackerDeps } from '../../deps.ts';

export interface OrgInUse {
  header: 'X-Org-ID' | 'X-Cloud-Org-ID';
  id: string;
}

/** The organisation header this server sends, when the deps carry it (never the token). */
export function orgInUse(config: TrackerDeps['config']): OrgInUse | undefined {
  const { org } = config;
  return org.header && org.id ? { header: org.header, id: org.id } : undefined;
}

export const UNAUTHORIZED_HINT =
  'Check YANDEX_TRACKER_TOKEN: it must be a valid, unrevoked OAuth token with the tracker:read and tracker:write scopes (https://oauth.yandex.ru/). With YANDEX_TRACKER_IAM_TOKEN instead: IAM tokens expire within hours, so create a new one (`yc iam create-token`) and restart the server.';

export const USER_UNAUTHORIZED_HINT =
  'Tracker refused your own Yandex credentials (this server calls it as each user): the token expired or was revoked. Sign in to this server again (your MCP client does it when it reconnects), or, behind a gateway, have the gateway send a fresh token.';

export const SERVICE_ACCOUNT_UNAUTHORIZED_HINT =
  "Tracker refused the service account's IAM token; the server exchanges a new one on the next call. If this goes on, check that the service account still exists, has access to Tracker in the Cloud organisation (YANDEX_CLOUD_ORG_ID), and that its authorized key (YANDEX_SA_KEY_FILE) was not deleted.";

export const WRONG_ORG_HINT =
  'Check YANDEX_ORG_ID vs YANDEX_CLOUD_ORG_ID: a Yandex 360 for Business organisation id goes in YANDEX_ORG_ID (sent as X-Org-ID), a Yandex Cloud organisation id in YANDEX_CLOUD_ORG_ID (sent as X-Cloud-Org-ID); if both are linked to Tracker, use YANDEX_ORG_ID with the 360 id. Copy the id from Tracker → Administration → Organizations, set exactly one of the two, and restart the server.';

export const IAM_NEEDS_CLOUD_ORG_HINT =
  'An IAM token works only with a Yandex Cloud organisation: set YANDEX_CLOUD_ORG_ID instead of YANDEX_ORG_ID, or use an OAuth token (YANDEX_TRACKER_TOKEN).';

export const FORBIDDEN_HINT =
  'The token was accepted but this account may not use Tracker in that organisation: check that the user has access to Tracker there, and that YANDEX_ORG_ID / YANDEX_CLOUD_ORG_ID names the organisation the token belongs to.';

/** Adds the configuration hint to a 401/403 (other errors pass unchanged). */
export function withAuthGuidance(
  error: unknown,
  config: TrackerDeps['config'],
  credentials?: CredentialKind,
): unknown {
  if (!AuthError.isInstance(error)) return error;
  let hint: string;
  if (error.status === 401)
    hint =
      credentials === 'user'
        ? USER_UNAUTHORIZED_HINT
        : credentials === 'service-account'
          ? SERVICE_ACCOUNT_UNAUTHORIZED_HINT
          : UNAUTHORIZED_HINT;
  else if (/organi[sz]ation is not available|not ready or not found/i.test(error.message)) {
    const org = orgInUse(config);
    hint = `${WRONG_ORG_HINT}${org ? ` This server sends ${org.header}: ${org.id}.` : ''}`;
  } else if (/IAM token/i.test(error.message)) hint = IAM_NEEDS_CLOUD_ORG_HINT;
  else hint = FORBIDDEN_HINT;
  error.message = `${error.message} ${hint}`;
  return error;
}
