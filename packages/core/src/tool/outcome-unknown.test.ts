/**
 * "Outcome unknown" (outcome-unknown.ts): which failures leave a write's effect unknown, and how
 * BaseTool answers them for a tool that is not idempotent and declares `outcomeCheck` — never "try
 * again", the check named; idempotent tools, reads, refusals and undeclared tools keep their text.
 */
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ApiError } from '../errors/api-error.ts';
import { NetworkError } from '../errors/network-error.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { TimeoutError } from '../errors/timeout-error.ts';
import { silentLogger } from '../logging/logger.ts';
import { BaseTool } from './base-tool.ts';
import {
  isAmbiguousFailure,
  isOutcomeUnknown,
  outcomeUnknown,
  type OutcomeCheck,
} from './outcome-unknown.ts';
import { noProgress, type ToolContext } from './tool-context.ts';
import { defineToolMetadata, type ToolAnnotations } from './tool-metadata.ts';

const api = (status: number, mayHaveSucceeded: boolean, method = 'POST') =>
  new ApiError({
    status,
    method,
    url: 'https://api.example.test/notes',
    mayHaveSucceeded,
    requestId: 'req-7',
    message: `${method} https://api.example.test/notes failed with HTTP ${status}. The service failed or is unavailable; try again later.`,
  });

describe('isAmbiguousFailure', () => {
  it('is true for what leaves a write unknown, false for refusals and failed reads', () => {
    const cases: Array<[string, unknown, boolean]> = [
      ['POST 502, not re-sent', api(502, true), true],
      ['POST 500, not re-sent', api(500, true), true],
      ['201 with an unreadable body', api(201, true), true],
      ['a 503 the server refused (Retry-After)', api(503, false), false],
      ['GET 502 after the retries', api(502, false, 'GET'), false],
      ['422', api(422, false), false],
      ['404', new NotFoundError({ message: 'no such note' }), false],
      [
        'POST timed out',
        new TimeoutError({ operation: 'POST /notes', timeoutMs: 50, mayHaveSucceeded: true }),
        true,
      ],
      ['GET timed out', new TimeoutError({ operation: 'GET /notes', timeoutMs: 50 }), false],
      [
        "the call's own time ran out",
        new TimeoutError({ operation: 'Tool "add_note"', timeoutMs: 50 }),
        true,
      ],
      [
        'reset after sending',
        new NetworkError({ method: 'POST', url: '/notes', mayHaveSucceeded: true, detail: 'reset' }),
        true,
      ],
      [
        'refused before sending',
        new NetworkError({ method: 'POST', url: '/notes', mayHaveSucceeded: false, detail: 'refused' }),
        false,
      ],
      ['a plain Error', new Error('boom'), false],
    ];
    expect(cases.map(([name, error]) => [name, isAmbiguousFailure(error)])).toEqual(
      cases.map(([name, , expected]) => [name, expected]),
    );
  });
});

describe('outcomeUnknown', () => {
  const check: OutcomeCheck = {
    done: 'the note was added',
    tool: 'list_notes',
    args: { shelf: 's1' },
    lookFor: 'a note starting "Buy milk"',
  };

  it('says what was lost, that it was not re-sent, not to call again before checking, and the check', () => {
    const error = outcomeUnknown(api(502, true), 'add_note', check);
    expect(error.message).toBe(
      'Outcome unknown: it is not known whether the note was added — the API answered HTTP 502 (the request was not sent again). ' +
        'Do not call add_note again before checking. Call list_notes with {"shelf":"s1"} and look for a note starting "Buy milk"; call add_note again only if it is not there.',
    );
    expect(error.toToolText()).toContain('(request id: req-7)');
    expect(ApiError.isInstance(error) && error.status).toBe(502);
    expect(isOutcomeUnknown(error)).toBe(true);
  });

  it('without a read tool asks the user; `looked`, `api` and a safe repeat are worded in', () => {
    const user = outcomeUnknown(
      new TimeoutError({ operation: 'POST /upload', timeoutMs: 300, mayHaveSucceeded: true }),
      'upload',
      {
        tool: undefined,
        lookFor: 'the file "a.txt" on the note',
        then: 'upload it again only if it is not there',
      },
    );
    expect(user.message).toMatch(/— no answer came within 300 ms \(the request was not sent again\)\. /);
    expect(user.message).toContain(
      'No tool reads it back: ask the user to look for the file "a.txt" on the note; upload it again only if it is not there.',
    );

    const keyed = outcomeUnknown(api(504, false), 'create_note', check, {
      api: 'Notes',
      looked: 'no note has its key yet',
      repeatIsSafe:
        'Calling create_note again with the same parameters is safe: it returns the note if this call made it.',
    });
    expect(keyed.message).toBe(
      'Outcome unknown: it is not known whether the note was added — Notes answered HTTP 504, and no note has its key yet. ' +
        'Calling create_note again with the same parameters is safe: it returns the note if this call made it. ' +
        'To look first: call list_notes with {"shelf":"s1"} and look for a note starting "Buy milk".',
    );
  });
});

interface Deps {
  fail: unknown;
  sent: number;
}
const Params = z.object({ text: z.string() });

function toolWith(annotations: ToolAnnotations, check?: (params: { text: string }) => OutcomeCheck) {
  return new (class extends BaseTool<Deps, typeof Params> {
    static override readonly METADATA = defineToolMetadata({
      name: 'add_note',
      description: 'Add a note.',
      category: 'notes',
      annotations,
    });
    override getParamsSchema() {
      return Params;
    }
    protected override outcomeCheck(params: { text: string }) {
      return check?.(params);
    }
    protected override translateError(error: unknown) {
      if (error instanceof Error) error.message += ' [translated]';
      return error;
    }
    async execute(_params: { text: string }, ctx: ToolContext<Deps>): Promise<string> {
      ctx.deps.sent += 1;
      throw ctx.deps.fail;
    }
  })();
}

async function run(tool: BaseTool<Deps, typeof Params>, fail: unknown) {
  const deps = { fail, sent: 0 };
  const result = await tool.run(
    { text: 'Buy milk' },
    {
      deps,
      signal: new AbortController().signal,
      progress: noProgress,
      logger: silentLogger,
      toolName: 'add_note',
    },
  );
  return { isError: result.isError, text: result.content.map((c) => ('text' in c ? c.text : '')).join('\n') };
}

const notesCheck = ({ text }: { text: string }): OutcomeCheck => ({
  done: 'the note was added',
  tool: 'list_notes',
  lookFor: `a note ${JSON.stringify(text)}`,
});

describe('BaseTool: the translate step of a write that is not idempotent', () => {
  const write = { readOnlyHint: false, idempotentHint: false } as const;

  it('answers an ambiguous failure "Outcome unknown" with the check, without translateError', async () => {
    const { isError, text } = await run(toolWith(write, notesCheck), api(500, true));
    expect(isError).toBe(true);
    expect(text).toMatch(
      /^Outcome unknown: it is not known whether the note was added — the API answered HTTP 500/,
    );
    expect(text).toContain(
      'Do not call add_note again before checking. Call list_notes and look for a note "Buy milk"',
    );
    expect(text).not.toMatch(/try again|\[translated\]/);
  });

  it('also when idempotentHint is left out (not idempotent by default), and for the call timing out', async () => {
    const { text } = await run(
      toolWith({ readOnlyHint: false }, notesCheck),
      new TimeoutError({ operation: 'Tool "add_note"', timeoutMs: 40 }),
    );
    expect(text).toMatch(
      /^Outcome unknown: .* — the call ran out of its 40 ms while the request may have been in flight\./,
    );
  });

  it('leaves to translateError: a refusal, an idempotent tool, a tool without a check, an answer already worded', async () => {
    expect((await run(toolWith(write, notesCheck), api(422, false))).text).toContain(
      '[translated] (request id',
    );
    expect(
      (await run(toolWith({ readOnlyHint: false, idempotentHint: true }, notesCheck), api(502, true))).text,
    ).toMatch(/try again later\. \[translated\]/);
    expect((await run(toolWith(write), api(502, true))).text).toContain('[translated] (request id');
    const worded = outcomeUnknown(api(502, true), 'add_note', { tool: 'x_list', lookFor: 'it' });
    const { text } = await run(toolWith(write, notesCheck), worded);
    expect(text).toContain('Call x_list and look for it');
    expect(text).not.toContain('[translated]');
  });
});
