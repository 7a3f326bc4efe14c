/**
 * Entry point of `npm run generate` (see cli.ts for the commands).
 */
import { runCli } from './cli.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  io: {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
  },
});
