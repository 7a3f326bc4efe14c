/**
 * Every error class takes a plain message (`new NotFoundError('No task DEV-9.')`), alone or with the
 * structured details, besides its options object; the message is the one given, not `undefined`.
 */
import { describe, expect, it } from '@jest/globals';
import {
  ApiError,
  AuthError,
  BodyTooLargeError,
  CancelledError,
  ConfigError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  TimeoutError,
  ToolDefinitionError,
  ToolsmithError,
  ValidationError,
} from './index.ts';

const MESSAGE = 'No task DEV-9 in this workspace. Call clickup_find_tasks to find its id.';

/** Each class must be constructible from a string alone: the table does not compile otherwise. */
interface ErrorClass {
  new (message: string): ToolsmithError;
  isInstance(error: unknown): boolean;
}

const classes: readonly { Class: ErrorClass; name: string; code: string }[] = [
  { Class: ToolsmithError, name: 'ToolsmithError', code: 'toolsmith_error' },
  { Class: ValidationError, name: 'ValidationError', code: 'validation_failed' },
  { Class: ApiError, name: 'ApiError', code: 'api_error' },
  { Class: NotFoundError, name: 'NotFoundError', code: 'not_found' },
  { Class: AuthError, name: 'AuthError', code: 'unauthorized' },
  { Class: RateLimitedError, name: 'RateLimitedError', code: 'rate_limited' },
  { Class: TimeoutError, name: 'TimeoutError', code: 'timeout' },
  { Class: NetworkError, name: 'NetworkError', code: 'network_error' },
  { Class: ConfigError, name: 'ConfigError', code: 'config_invalid' },
  { Class: ToolDefinitionError, name: 'ToolDefinitionError', code: 'tool_definition_invalid' },
  { Class: CancelledError, name: 'CancelledError', code: 'cancelled' },
  { Class: BodyTooLargeError, name: 'BodyTooLargeError', code: 'body_too_large' },
];

describe('a plain message', () => {
  it('covers every error class the errors folder exports', async () => {
    const exported = Object.entries(await import('./index.ts'))
      .filter(([, value]) => typeof value === 'function' && 'isInstance' in value)
      .map(([key]) => key)
      .sort();
    expect(exported).toEqual(classes.map((c) => c.name).sort());
  });

  it.each(classes)('new $name(text) has that message, its name and code', ({ Class, name, code }) => {
    const error = new Class(MESSAGE);
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(Class);
    expect(ToolsmithError.isInstance(error)).toBe(true);
    expect(Class.isInstance(error)).toBe(true);
    expect({ message: error.message, name: error.name, code: error.code }).toEqual({
      message: MESSAGE,
      name,
      code,
    });
    expect(error.toToolText()).toBe(MESSAGE);
    expect(String(error)).toBe(`${name}: ${MESSAGE}`);
  });

  it('takes the structured details beside it', () => {
    const cause = new Error('socket hang up');
    const notFound = new NotFoundError('No task DEV-9.', {
      resource: 'task',
      id: 'DEV-9',
      suggestions: ['DEV-8'],
    });
    expect(notFound).toMatchObject({
      message: 'No task DEV-9. Did you mean: DEV-8?',
      resource: 'task',
      id: 'DEV-9',
      status: 404,
    });
    expect(new AuthError('The token may not write to this list.', { status: 403 })).toMatchObject({
      code: 'forbidden',
      status: 403,
    });
    expect(new AuthError('Sign in again.')).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(new RateLimitedError('Slow down.', { retryAfterMs: 2000 })).toMatchObject({
      status: 429,
      retryAfterMs: 2000,
    });
    expect(new ApiError('ClickUp failed.', { status: 502, requestId: 'r-1' }).toToolText()).toBe(
      'ClickUp failed. (request id: r-1)',
    );
    expect(new ApiError('ClickUp failed.')).toMatchObject({ status: 0, mayHaveSucceeded: false });
    expect(new ToolDefinitionError('params must be an object.', { toolName: 'get_task' }).message).toBe(
      'Tool "get_task": params must be an object.',
    );
    expect(new TimeoutError('Too slow.', { timeoutMs: 500 })).toMatchObject({
      timeoutMs: 500,
      mayHaveSucceeded: false,
    });
    expect(new TimeoutError('Too slow.').timeoutMs).toBeUndefined();
    expect(new NetworkError('Offline.', { cause }).cause).toBe(cause);
    expect(new ValidationError('Bad input.', { toolName: 'get_task' })).toMatchObject({
      toolName: 'get_task',
      issues: [],
    });
    expect(new ConfigError('Bad config.').problems).toEqual([]);
    expect(new CancelledError('Stopped.', { reason: 'user' }).reason).toBe('user');
    expect(new ToolsmithError('Internal.', { code: 'internal', userFacing: false })).toMatchObject({
      code: 'internal',
      userFacing: false,
    });
    expect(new ToolsmithError(MESSAGE).userFacing).toBe(true);
  });

  it('leaves the options objects as they were', () => {
    expect(new NotFoundError({ message: 'No task DEV-9.' }).message).toBe('No task DEV-9.');
    expect(new CancelledError({ operation: 'The bulk change' }).message).toBe(
      'The bulk change was cancelled.',
    );
    expect(new TimeoutError({ operation: 'GET /task', timeoutMs: 100 }).message).toBe(
      'GET /task timed out after 100 ms. Try again, or narrow the request.',
    );
    expect(new ConfigError({ problems: [{ variable: 'X', problem: 'is missing.' }] }).message).toBe(
      'Invalid configuration:\n- X: is missing.',
    );
    expect(
      new NetworkError({ method: 'GET', url: 'https://x', mayHaveSucceeded: false, detail: 'refused' })
        .message,
    ).toBe('GET https://x failed: refused. The service may be unreachable; try again later.');
    expect(new ValidationError({ issues: [{ field: 'a', message: 'is required.' }] }).message).toBe(
      'Invalid arguments:\n- a: is required.\nFix these fields and call the tool again.',
    );
  });
});
