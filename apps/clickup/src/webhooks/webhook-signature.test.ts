import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import {
  signWebhookBody,
  verifyWebhookSignature,
  verifyWebhookToken,
  webhookSecrets,
} from './webhook-signature.ts';

describe('webhook signature', () => {
  const body = Buffer.from('{"event":"taskCreated","task_id":"1","webhook_id":"w"}');

  it('is the hex HMAC-SHA256 of the raw body (research §4.1)', () => {
    expect(signWebhookBody('s3cret', body)).toBe(createHmac('sha256', 's3cret').update(body).digest('hex'));
  });

  it('verifies against any of the secrets, case-insensitively, and nothing else', () => {
    const signature = signWebhookBody('b', body);
    expect(verifyWebhookSignature(body, signature, ['a', 'b'])).toBe(true);
    expect(verifyWebhookSignature(body, signature.toUpperCase(), ['b'])).toBe(true);
    expect(verifyWebhookSignature(body, signature, ['a'])).toBe(false);
    expect(verifyWebhookSignature(body, signature.slice(1), ['b'])).toBe(false);
    expect(verifyWebhookSignature(body, '', ['b'])).toBe(false);
    expect(verifyWebhookSignature(Buffer.from(`${body.toString()} `), signature, ['b'])).toBe(false);
    expect(verifyWebhookSignature(body, signature, [])).toBe(false);
  });

  it('compares automation tokens to the secrets', () => {
    expect(verifyWebhookToken('b', ['a', 'b'])).toBe(true);
    expect(verifyWebhookToken('bb', ['a', 'b'])).toBe(false);
    expect(verifyWebhookToken('', ['a'])).toBe(false);
  });

  it('reads several comma-separated secrets', () => {
    expect(webhookSecrets(' a, b ,,')).toEqual(['a', 'b']);
    expect(webhookSecrets(undefined)).toEqual([]);
  });
});
