/**
 * Reads a definition file from disk for the loaders: size-checked with `stat` before reading (an
 * oversized file is refused without loading it into memory), decoded as UTF-8, and every failure
 * turned into a `DefinitionLoadError` naming the file.
 */
import { readFile, stat } from 'node:fs/promises';
import { DefinitionLoadError } from '../errors/definition-load-error.ts';
import { fileTooLargeProblem, type DefinitionLimits } from './definition-limits.ts';

function problem(message: string, expected: string) {
  return { path: '', line: undefined, column: undefined, message, expected };
}

export async function readDefinitionFile(
  file: string,
  limits: Pick<DefinitionLimits, 'maxFileBytes'>,
): Promise<string> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) {
      throw new DefinitionLoadError({
        file,
        problems: [problem('this is not a regular file', 'the path of a .yaml file')],
      });
    }
    size = info.size;
  } catch (error) {
    if (DefinitionLoadError.isInstance(error)) throw error;
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : String(error);
    throw new DefinitionLoadError({
      file,
      cause: error,
      problems: [
        problem(
          code === 'ENOENT' ? 'the file does not exist' : `the file cannot be read (${code})`,
          'the path of a readable .yaml file',
        ),
      ],
    });
  }
  if (size > limits.maxFileBytes) {
    throw new DefinitionLoadError({ file, problems: [fileTooLargeProblem(size, limits)] });
  }
  return readFile(file, 'utf8');
}
