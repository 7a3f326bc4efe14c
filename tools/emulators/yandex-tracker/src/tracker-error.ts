/** The API's error body: `{ statusCode, errors, errorMessages, errorsData }` (research §3.6). */
import type { FakeResponse } from '@toolsmith/testing';

export class TrackerHttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  readonly errorMessages: string[];
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    errorMessages: string | string[],
    errors: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) {
    const messages = Array.isArray(errorMessages) ? errorMessages : [errorMessages];
    super(messages.join('; '));
    this.status = status;
    this.errors = errors;
    this.errorMessages = messages;
    this.headers = headers;
  }

  toResponse(): FakeResponse {
    return {
      status: this.status,
      headers: this.headers,
      json: {
        statusCode: this.status,
        errors: this.errors,
        errorMessages: this.errorMessages,
        errorsData: {},
      },
    };
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new TrackerHttpError(400, message, errors);
export const notFound = (message = 'Объект не найден') => new TrackerHttpError(404, message);
export const conflict = (message: string) => new TrackerHttpError(409, message);
export const unprocessable = (message: string, errors?: Record<string, string>) =>
  new TrackerHttpError(422, message, errors);
export const forbidden = (message = 'У вас недостаточно прав для выполнения этого действия.') =>
  new TrackerHttpError(403, message);
