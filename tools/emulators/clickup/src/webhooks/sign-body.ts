/**
 * The signature of a webhook delivery (research §4.1): `X-Signature` is the hex HMAC-SHA256 of the
 * raw request body, keyed with the webhook's `secret`.
 */
import { createHmac } from 'node:crypto';

export function signBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
