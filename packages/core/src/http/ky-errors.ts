/**
 * Recognises ky's errors without importing ky at start-up (ky is loaded on the first request; see
 * http-client.ts). Like ky's own `isHTTPError` & co., the checks go by name, which also works across
 * realms and duplicated copies.
 */
import type { HTTPError, NetworkError, TimeoutError } from 'ky';

const isKyErrorNamed = (error: unknown, name: string): boolean =>
  error instanceof Error && error.name === name && (error as { isKyError?: unknown }).isKyError === true;

export const isKyHttpError = (error: unknown): error is HTTPError => isKyErrorNamed(error, 'HTTPError');
export const isKyNetworkError = (error: unknown): error is NetworkError =>
  isKyErrorNamed(error, 'NetworkError');
export const isKyTimeoutError = (error: unknown): error is TimeoutError =>
  isKyErrorNamed(error, 'TimeoutError');
