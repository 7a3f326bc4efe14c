/** The echo server, after a look-up with import.meta.resolve (see meta-resolve-bin.ts). */
import { main as serve } from './echo-cli.ts';

export async function main(): Promise<void> {
  import.meta.resolve('zod');
  await serve();
}
