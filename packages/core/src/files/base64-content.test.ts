import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ValidationError } from '../errors/validation-error.ts';
import { base64Size, decodeBase64 } from './base64-content.ts';

const limits = { maxBytes: 8, elsewhere: 'attach it in the web interface' };

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('decodeBase64', () => {
  it('decodes standard and URL-safe base64, with whitespace and a data: prefix', () => {
    const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    expect(text(decodeBase64('aGVsbG8=', limits, 'contentBase64'))).toBe('hello');
    expect(text(decodeBase64('data:text/plain;base64,aGVs\n bG8=', limits, 'contentBase64'))).toBe('hello');
    expect([...decodeBase64('-_8=', limits, 'contentBase64')]).toEqual([0xfb, 0xff]);
  });

  it('refuses what is not base64, naming the field', () => {
    expect(refusal(() => decodeBase64('not base64!', limits, 'content_base64'))).toContain(
      'content_base64: is not valid base64.',
    );
    expect(refusal(() => decodeBase64('abcde', limits, 'content_base64'))).toContain('is not valid base64');
  });

  it('refuses more than the limit by its size, and takes exactly the limit', () => {
    expect(decodeBase64(Buffer.alloc(8).toString('base64'), limits, 'contentBase64')).toHaveLength(8);
    expect(
      refusal(() => decodeBase64(Buffer.alloc(9).toString('base64'), limits, 'contentBase64')),
    ).toContain(
      'contentBase64: is 9 bytes; this server uploads at most 8 bytes per file. Compress or split the file, or attach it in the web interface. Nothing was sent.',
    );
  });

  it('knows the decoded size of any bytes before decoding them (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(base64Size(Buffer.from(bytes).toString('base64'))).toBe(bytes.length);
      }),
    );
  });
});
