/**
 * `npm run demo [-- <name>]` — the main job: the Yandex Tracker MCP server against its API emulator,
 * driven by the MCP SDK's real client over stdio (tracker-demo.ts). `npm run demo -- bookshelf` runs
 * the smaller Bookshelf example instead (bookshelf-demo.ts), `npm run demo -- clickup` the ClickUp
 * server with a signed webhook (clickup-demo.ts), `npm run demo -- team` the ClickUp server for a
 * team: its built-in authorization server, two users signing in through ClickUp's OAuth and acting
 * as themselves (team-demo.ts). Needs no account and no network. `--help` lists them.
 */
const DEMOS = {
  tracker: {
    summary: 'the Yandex Tracker server over stdio: find, create, comment, transition, a bulk change',
    run: () => import('./tracker-demo.ts'),
  },
  clickup: {
    summary: 'the ClickUp server over HTTP: guarded writes converted or refused, a signed webhook',
    run: () => import('./clickup-demo.ts'),
  },
  team: {
    summary: 'the ClickUp server for a team (--auth builtin): two users sign in through OAuth',
    run: () => import('./team-demo.ts'),
  },
  bookshelf: {
    summary: 'the smaller Bookshelf example server, over stdio and then HTTP',
    run: () => import('./bookshelf-demo.ts'),
  },
};
type DemoName = keyof typeof DEMOS;
const DEFAULT: DemoName = 'tracker';

const names = Object.keys(DEMOS) as DemoName[];
const width = Math.max(...names.map((name) => name.length)) + 2;
const USAGE = `Usage: npm run demo -- [<name>]

Runs a toolsmith MCP server against its API emulator, driven by the MCP SDK's client, and prints the
transcript. No account or network needed.

Demos:
${names.map((name) => `  ${name.padEnd(width)}${name === DEFAULT ? '(default) ' : ''}${DEMOS[name].summary}`).join('\n')}

Options:
  -h, --help  Show this help
`;

const args = process.argv.slice(2);
const [which = DEFAULT, ...extra] = args;
const refuse = (problem: string) => {
  process.stderr.write(`${problem}\nRun with --help for the usage.\n`);
  process.exitCode = 2;
};
if (args.includes('--help') || args.includes('-h')) process.stdout.write(USAGE);
else if (!Object.hasOwn(DEMOS, which)) {
  refuse(
    `Unknown demo "${which}". The demos: ${names.map((name) => (name === DEFAULT ? `${name} (the default)` : name)).join(', ')}.`,
  );
} else if (extra.length > 0) refuse(`Unexpected argument "${extra[0]}": a demo takes no arguments.`);
else await DEMOS[which as DemoName].run();
