import { describe, expect, it } from '@jest/globals';
import { noProgress, silentLogger } from '@toolsmith/core';
import { createToolContext } from './tool-context.ts';

describe('createToolContext', () => {
  it('gives the deps, a live signal of its own, no progress and a silent logger', () => {
    const deps = { answer: 42 };
    const a = createToolContext(deps);
    const b = createToolContext(deps);
    expect(a.deps).toBe(deps);
    expect(a).toMatchObject({ progress: noProgress, logger: silentLogger, toolName: 'test' });
    expect(a.signal.aborted).toBe(false);
    expect(a.signal).not.toBe(b.signal);
  });

  it('lets a test override any part', () => {
    const controller = new AbortController();
    controller.abort();
    const ctx = createToolContext({}, { toolName: 'get_task', signal: controller.signal });
    expect(ctx.toolName).toBe('get_task');
    expect(ctx.signal.aborted).toBe(true);
  });
});
