import { jsonFile, type ServerTemplateContext } from '../template-context.ts';

/** `apps/<name>/README.md`: how to run the server and plug it into an MCP client. */
export function readmeSource(ctx: ServerTemplateContext): string {
  const main = `/absolute/path/to/toolsmith/apps/${ctx.name}/src/bin/${ctx.binName}.ts`;
  const entry = {
    command: 'node',
    args: ['--conditions=@toolsmith/source', main],
    env: { [`${ctx.envPrefix}_API_TOKEN`]: 'your-token' },
  };
  return `# ${ctx.packageName}

${ctx.description}

## Run

\`\`\`sh
node --conditions=@toolsmith/source apps/${ctx.name}/src/bin/${ctx.binName}.ts --help          # options and environment
node --conditions=@toolsmith/source apps/${ctx.name}/src/bin/${ctx.binName}.ts                 # stdio
node --conditions=@toolsmith/source apps/${ctx.name}/src/bin/${ctx.binName}.ts --transport http --port 3000
\`\`\`

Needs Node 24 or later. Configuration is read from the environment (\`src/config.ts\`).

## Use it from an MCP client

Claude Desktop (\`claude_desktop_config.json\`), Claude Code (\`.mcp.json\`) and Cursor (\`.cursor/mcp.json\`):

\`\`\`json
${jsonFile({ mcpServers: { [ctx.name]: entry } }).trimEnd()}
\`\`\`

## Develop

\`\`\`sh
npm run generate -- tool <tool-name> --project apps/${ctx.name} --area <area>   # add a tool
npx nx run-many -t lint typecheck test -p ${ctx.packageName}
\`\`\`

The layout, the same in every toolsmith server, is in docs/writing-a-server.md; adding a tool,
a guarded write or a server, file by file, in CONTRIBUTING.md.
`;
}
