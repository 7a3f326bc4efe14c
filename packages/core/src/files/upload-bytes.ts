/**
 * The bytes of a file a client uploads, given one of two ways: a path inside the folder the operator
 * configured (read under {@link readUploadFile}'s confinement rules) or the bytes inline as base64
 * (checked by {@link decodeBase64}). Neither and both are refused, naming the two parameters as the
 * tool spells them and the variable that sets the folder.
 */
import { ValidationError } from '../errors/validation-error.ts';
import { decodeBase64 } from './base64-content.ts';
import { readUploadFile, type UploadFolder } from './upload-folder.ts';

/** What the client sent: a path, base64 bytes, or (wrongly) neither or both. */
export interface UploadSource {
  readonly path?: string | undefined;
  readonly contentBase64?: string | undefined;
}

/** The folder and limits of {@link UploadFolder}, and the tool's names for its two parameters. */
export interface UploadSources extends Omit<UploadFolder, 'field'> {
  readonly fields: { readonly path: string; readonly content: string };
}

/** The file's bytes from exactly one of `source.path` and `source.contentBase64`. */
export async function uploadBytes(
  source: UploadSource,
  options: UploadSources,
): Promise<Uint8Array<ArrayBuffer>> {
  const { fields } = options;
  const hasPath = source.path !== undefined;
  const hasContent = source.contentBase64 !== undefined;
  if (hasPath === hasContent) {
    throw new ValidationError({
      issues: [
        {
          field: `${fields.path}, ${fields.content}`,
          message: `${hasPath ? 'are both given' : 'gives no file'}. Give exactly one: ${fields.path} (a file inside ${options.variable}) or ${fields.content} (the file's bytes, base64-encoded).`,
        },
      ],
    });
  }
  if (hasContent) return decodeBase64(source.contentBase64!, options, fields.content);
  return readUploadFile({ ...options, field: fields.path }, source.path!);
}
