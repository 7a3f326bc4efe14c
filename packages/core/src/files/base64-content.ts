/**
 * File bytes a client sends inline, as base64 (or a `data:` URL), checked before they are decoded:
 * what is not base64 is refused with how to encode it, and what would decode to more than the
 * server's limit is refused by its size, without decoding it.
 */
import { ValidationError } from '../errors/validation-error.ts';
import { fileTooLarge, type UploadLimits } from './upload-folder.ts';

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** The decoded size of base64 text (whitespace removed), padding counted out. */
export function base64Size(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

/** The bytes of `content` (standard or URL-safe base64, whitespace ignored, a `data:` prefix dropped). */
export function decodeBase64(content: string, limits: UploadLimits, field: string): Uint8Array<ArrayBuffer> {
  const text = content.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(text) || text.length % 4 === 1) {
    throw new ValidationError({
      issues: [
        {
          field,
          message:
            'is not valid base64. Encode the file bytes with standard base64 (A–Z, a–z, 0–9, +, /, = padding).',
        },
      ],
    });
  }
  const size = base64Size(text);
  if (size > limits.maxBytes) throw fileTooLarge(limits, size, field);
  const decoded = Buffer.from(text, 'base64');
  return new Uint8Array(decoded.buffer.slice(decoded.byteOffset, decoded.byteOffset + decoded.byteLength));
}
