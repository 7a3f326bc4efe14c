/**
 * `node lock-child.ts <dir> <holdMs>`: takes the directory's lock, prints `locked` or
 * `refused <message>`, holds it for holdMs, and exits (released on exit). For the race tests.
 */
import { lockDirectory } from '../directory-lock.ts';

const [directory, hold] = process.argv.slice(2) as [string, string];
try {
  lockDirectory(directory);
  process.stdout.write('locked\n');
  setTimeout(() => process.exit(0), Number(hold));
} catch (error) {
  process.stdout.write(`refused ${(error as Error).message}\n`);
}
