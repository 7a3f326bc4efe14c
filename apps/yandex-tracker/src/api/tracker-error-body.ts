/**
 * The Tracker error body `{ statusCode, errors: {field: msg}, errorMessages: [..], errorsData }`
 * (research §3.6) as one readable message: every message, every field error, and `errorsData` when
 * it says anything (older mappers dropped it).
 */
import type { ParseApiError } from '@toolsmith/core';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const parseTrackerError: ParseApiError = (body) => {
  if (!isRecord(body)) {
    if (typeof body === 'string' && body.trim() !== '' && !body.trim().startsWith('<')) {
      return { message: body.trim().split('\n')[0]!.slice(0, 300) };
    }
    return undefined;
  }
  const parts: string[] = [];
  const messages = Array.isArray(body['errorMessages'])
    ? body['errorMessages'].filter((m) => typeof m === 'string')
    : [];
  parts.push(...(messages as string[]));
  const errors = isRecord(body['errors']) ? body['errors'] : {};
  for (const [field, message] of Object.entries(errors)) parts.push(`${field}: ${String(message)}`);
  const data = body['errorsData'];
  const details = isRecord(data) && Object.keys(data).length > 0 ? data : undefined;
  if (parts.length === 0 && typeof body['message'] === 'string') parts.push(body['message']);
  if (parts.length === 0 && details === undefined) return undefined;
  return { message: parts.join('; '), ...(details ? { details } : {}) };
};
