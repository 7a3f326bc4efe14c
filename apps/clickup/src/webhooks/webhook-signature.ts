/**
 * Authenticity of a delivery. A standard ClickUp webhook signs its body: `X-Signature` is the hex
 * HMAC-SHA256 of the raw bytes with the webhook's secret (research §4.1). Automation "Call webhook"
 * actions sign nothing, so they prove themselves with the secret in the URL they are given
 * (`…/webhooks/clickup?token=<secret>`). Both comparisons are constant-time.
 */
// node:crypto from getBuiltinModule at use: importing it builds its module facade (and WebCrypto's) at
// start, for a route only --transport http serves.
const crypto = () => process.getBuiltinModule('node:crypto');

/** The secrets of CLICKUP_WEBHOOK_SECRET: one per webhook, comma-separated. */
export function webhookSecrets(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function signWebhookBody(secret: string, body: string | Buffer): string {
  return crypto().createHmac('sha256', secret).update(body).digest('hex');
}

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && crypto().timingSafeEqual(a, b);

/** True when `signature` (hex) is the body's HMAC with one of the secrets. */
export function verifyWebhookSignature(body: Buffer, signature: string, secrets: readonly string[]): boolean {
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  let valid = false;
  // Every secret is tried, so the time does not say which one matched.
  for (const secret of secrets) {
    if (sameBytes(given, Buffer.from(signWebhookBody(secret, body), 'utf8'))) valid = true;
  }
  return valid;
}

/** True when `token` is one of the secrets. */
export function verifyWebhookToken(token: string, secrets: readonly string[]): boolean {
  const given = crypto().createHmac('sha256', 'token').update(token).digest();
  let valid = false;
  // Compared as digests: equal lengths whatever the token, so its length leaks nothing either.
  for (const secret of secrets) {
    if (sameBytes(given, crypto().createHmac('sha256', 'token').update(secret).digest())) valid = true;
  }
  return valid;
}
