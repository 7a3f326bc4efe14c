/** Readable transcript lines for the demo. */
const MAX = 1200;

const clip = (text: string) =>
  text.length > MAX ? `${text.slice(0, MAX)}… (${text.length - MAX} more characters)` : text;

export function heading(text: string): void {
  process.stdout.write(`\n━━ ${text} ${'━'.repeat(Math.max(0, 76 - text.length))}\n`);
}

export function note(text: string): void {
  process.stdout.write(`   ${text}\n`);
}

export function request(method: string, detail?: unknown): void {
  const args = detail === undefined ? '' : ` ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`;
  process.stdout.write(`→ ${method}${clip(args)}\n`);
}

export function response(text: string, isError = false): void {
  const lines = clip(text).split('\n');
  process.stdout.write(
    `${isError ? '✗' : '←'} ${lines[0]}\n${lines
      .slice(1)
      .map((l) => `  ${l}\n`)
      .join('')}`,
  );
}
