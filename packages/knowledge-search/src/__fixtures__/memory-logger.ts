/** A core Logger that keeps its lines, for assertions on what a store said. */
import { createStreamLogger, type Logger } from '@toolsmith/core';

export interface MemoryLogger extends Logger {
  lines: { level: string; msg: string }[];
}

export function memoryLogger(): MemoryLogger {
  const lines: { level: string; msg: string }[] = [];
  const logger = createStreamLogger({ level: 'debug', write: (line) => void lines.push(JSON.parse(line)) });
  return Object.assign(logger, { lines });
}
