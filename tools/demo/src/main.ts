/**
 * `npm run demo` — the main job: the Yandex Tracker MCP server against its API emulator, driven by
 * the MCP SDK's real client over stdio (tracker-demo.ts). `npm run demo -- bookshelf` runs the
 * smaller Bookshelf example instead (bookshelf-demo.ts), `npm run demo -- clickup` the ClickUp server
 * with a signed webhook (clickup-demo.ts), `npm run demo -- team` the ClickUp server for a team: its
 * built-in authorization server, two users signing in through ClickUp's OAuth and acting as
 * themselves (team-demo.ts). Needs no account and no network.
 */
const which = process.argv[2] ?? 'tracker';
if (which === 'bookshelf') await import('./bookshelf-demo.ts');
else if (which === 'tracker') await import('./tracker-demo.ts');
else if (which === 'clickup') await import('./clickup-demo.ts');
else if (which === 'team') await import('./team-demo.ts');
else {
  process.stderr.write(
    `Unknown demo "${which}". Use "tracker" (default), "clickup", "team" (the ClickUp server for a team, OAuth sign-in) or "bookshelf".\n`,
  );
  process.exitCode = 2;
}
