/**
 * Where in a file the model means: a 1-based line and column, or a symbol name on a line (or
 * anywhere in the file), turned into the 0-based LSP position (UTF-16 columns, as JavaScript strings
 * count). Mistakes are answered with what the file holds there.
 */
import { ValidationError } from '@toolsmith/core';
import type { Position } from 'vscode-languageserver-protocol';
import { listLineNumbers } from '../shared/number-lines.ts';

export interface PositionRequest {
  line?: number | undefined;
  character?: number | undefined;
  symbol?: string | undefined;
}

export interface ResolvedPosition {
  position: Position;
  /** Said in the answer when the symbol occurs on several lines and no line was given. */
  note?: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Columns (0-based) where `symbol` occurs as a whole word in `line`. */
function occurrences(line: string, symbol: string): number[] {
  const word = /^[\w$]/.test(symbol) && /[\w$]$/.test(symbol);
  const pattern = new RegExp(
    word ? `(?<![\\w$])${escapeRegExp(symbol)}(?![\\w$])` : escapeRegExp(symbol),
    'g',
  );
  return [...line.matchAll(pattern)].map((match) => match.index);
}

export function resolvePosition(
  text: string,
  request: PositionRequest,
  shown: string,
  toolName: string,
): ResolvedPosition {
  const lines = text.split(/\r?\n/);
  const refuse = (field: string, message: string): never => {
    throw new ValidationError({ toolName, issues: [{ field, message }] });
  };
  const { line, character, symbol } = request;
  if (line !== undefined && line > lines.length) {
    refuse('line', `${shown} has ${lines.length} lines; line ${line} does not exist.`);
  }
  if (symbol !== undefined) {
    const onLines = lines.flatMap((content, index) =>
      occurrences(content, symbol).length > 0 ? [index + 1] : [],
    );
    if (line === undefined) {
      const first = onLines[0];
      if (first === undefined) {
        return refuse(
          'symbol',
          `"${symbol}" does not occur in ${shown}. Check the spelling, or use workspaceSymbol to find where it is defined.`,
        );
      }
      const column = occurrences(lines[first - 1]!, symbol)[0]!;
      const position = { line: first - 1, character: column };
      if (onLines.length === 1) return { position };
      return { position, note: `first of lines ${listLineNumbers(onLines)}; give line to pick another` };
    }
    const columns = occurrences(lines[line - 1]!, symbol);
    const wanted = character === undefined ? columns[0] : columns.find((column) => column + 1 >= character);
    if (wanted === undefined) {
      const where =
        onLines.length > 0
          ? ` It occurs on lines ${listLineNumbers(onLines)}.`
          : ` It does not occur in ${shown}.`;
      return refuse(
        'symbol',
        `"${symbol}" is not on line ${line} of ${shown} (the line is: ${JSON.stringify(lines[line - 1]!.trim().slice(0, 120))}).${where}`,
      );
    }
    return { position: { line: line - 1, character: wanted } };
  }
  if (line === undefined || character === undefined) {
    return refuse(
      line === undefined ? 'line' : 'character',
      'Give symbol (a name in the file, with line to choose among several), or line and character (both 1-based).',
    );
  }
  const content = lines[line - 1]!;
  if (character > content.length + 1) {
    refuse(
      'character',
      `Line ${line} of ${shown} has ${content.length} characters; character ${character} is past its end. The line is: ${JSON.stringify(content.trim().slice(0, 120))}.`,
    );
  }
  return { position: { line: line - 1, character: character - 1 } };
}
