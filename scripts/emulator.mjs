// `npm run emulator -- <name> [options]`: runs the named API emulator's command (its src/main.ts),
// which reads the same arguments, name included. Plain JavaScript, so it runs before anything is
// built; the root script passes --conditions=@toolsmith/source for the TypeScript it loads.
const EMULATORS = {
  'yandex-tracker': '../tools/emulators/yandex-tracker/src/main.ts',
  clickup: '../tools/emulators/clickup/src/main.ts',
};

const [name] = process.argv.slice(2);
if (name !== undefined && Object.hasOwn(EMULATORS, name)) {
  await import(new URL(EMULATORS[name], import.meta.url).href);
} else {
  const help = name === '--help' || name === '-h';
  const write = (text) => (help ? process.stdout : process.stderr).write(text);
  if (!help) {
    write(
      name === undefined
        ? 'Name an emulator to run.\n'
        : `Unknown emulator "${name}". Available emulators: ${Object.keys(EMULATORS).join(', ')}.\n`,
    );
  }
  write(
    `Usage: npm run emulator -- <name> [--host <host>] [--port <port>]\n\nEmulators: ${Object.keys(EMULATORS).join(', ')}\n` +
      `Run \`npm run emulator -- <name> --help\` for an emulator's options.\n`,
  );
  process.exitCode = help ? 0 : 2;
}
