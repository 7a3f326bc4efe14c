import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AgentToolsError, resolveAgentTools } from '../agents/resolve-agent-tools.ts';
import { UnknownKnowledgeError } from '../errors/unknown-knowledge-error.ts';
import { parseAgentDefinition } from '../loader/index.ts';
import { ToolResolver } from './tool-resolver.ts';

const toolYaml = (id: string, description: string, commands = ['run']) => `tool:
  schema_version: 2.0
  id: ${id}
  type: cli
  name: ${id} tool
  version: 1.0.0
  description: ${description}
  cli_config: { executable: ${id} }
  commands:
${commands.map((c) => `    - name: ${c}\n      description: ${c} it`).join('\n')}
`;

let root: string;
const write = (file: string, text: string) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  return full;
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'resolver-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('ToolResolver', () => {
  it('finds <id>.tool.yaml below each search path; a pack replaces the core tool of the same id', async () => {
    write('core/cli/gh.tool.yaml', toolYaml('gh', 'core github'));
    write('core/cli/ffmpeg.tool.yaml', toolYaml('ffmpeg', 'core ffmpeg'));
    write('packs/acme/gh.tool.yaml', toolYaml('gh', 'acme github'));
    const resolver = new ToolResolver({ searchPaths: [path.join(root, 'core'), path.join(root, 'packs')] });
    const list = await resolver.list();
    expect(list.map((l) => l.id)).toEqual(['ffmpeg', 'gh']);
    const gh = await resolver.resolve('gh');
    expect(gh.definition.description).toBe('acme github');
    expect(gh.location.overrides).toEqual([path.join(root, 'core/cli/gh.tool.yaml')]);
    expect(gh.executor).toBeUndefined();
  });

  it('caches parsed definitions (hit well under 1 ms) and notices edits', async () => {
    const file = write('core/gh.tool.yaml', toolYaml('gh', 'first'));
    const resolver = new ToolResolver({ searchPaths: [path.join(root, 'core')], recheckMs: 0 });
    const first = await resolver.resolve('gh');
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      expect(await resolver.resolve('gh')).toBe(first);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(1);

    writeFileSync(file, toolYaml('gh', 'second, longer description'));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await resolver.resolve('gh')).definition.description).toBe('second, longer description');
  });

  it('checks the file at most once per recheck window', async () => {
    const file = write('core/gw.tool.yaml', toolYaml('gw', 'first'));
    const resolver = new ToolResolver({ searchPaths: [path.join(root, 'core')], recheckMs: 200 });
    await resolver.resolve('gw');
    writeFileSync(file, toolYaml('gw', 'second, longer description'));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await resolver.resolve('gw')).definition.description).toBe('first');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await resolver.resolve('gw')).definition.description).toBe('second, longer description');
  });

  it('picks up a tool file added after the first scan', async () => {
    const resolver = new ToolResolver({ searchPaths: [path.join(root, 'core')] });
    write('core/a.tool.yaml', toolYaml('a', 'a'));
    await resolver.resolve('a');
    write('core/b.tool.yaml', toolYaml('b', 'b'));
    expect((await resolver.resolve('b')).definition.id).toBe('b');
  });

  it('names the known tools for an unknown id', async () => {
    write('core/github-cli.tool.yaml', toolYaml('github-cli', 'gh'));
    const resolver = new ToolResolver({ searchPaths: [path.join(root, 'core')] });
    const error = await resolver.resolve('github-cl').catch((e: unknown) => e);
    expect(UnknownKnowledgeError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Unknown tool "github-cl". Did you mean "github-cli"? Known tools: github-cli.',
    );
  });

  it('refuses a file whose id disagrees with its name', async () => {
    write('core/gh.tool.yaml', toolYaml('github', 'x'));
    const resolver = new ToolResolver({ searchPaths: [path.join(root, 'core')] });
    await expect(resolver.resolve('gh')).rejects.toThrow('declares id "github" but is named for "gh"');
  });

  it('builds a command context through the resolver', async () => {
    write('core/gh.tool.yaml', toolYaml('gh', 'x', ['create_pr']));
    const resolver = new ToolResolver({ searchPaths: [path.join(root, 'core')] });
    expect((await resolver.buildContext('gh', 'create_pr')).text).toContain('## gh tool — create_pr');
  });
});

describe('resolveAgentTools', () => {
  const agent = (tools: string) =>
    parseAgentDefinition(
      `agent:\n  schema_version: 2.0\n  id: po\n  name: Pax\n  dependencies:\n    tools:\n${tools}`,
      { file: 'po.yaml' },
    );

  it('resolves required tools and leaves out missing optional ones', async () => {
    write('core/gh.tool.yaml', toolYaml('gh', 'x', ['create_pr']));
    write('core/glab.tool.yaml', toolYaml('glab', 'x', ['create_mr']));
    const resolver = new ToolResolver({ searchPaths: [path.join(root, 'core')] });
    const result = await resolveAgentTools(
      await agent(
        '      - gh\n      - { id: jira, required: false }\n      - { id: glab, required: false, commands: [merge_pr] }\n',
      ),
      resolver,
    );
    expect(result.tools.map((t) => t.definition.id)).toEqual(['gh']);
    expect(result.skipped.map((s) => s.toolId)).toEqual(['jira', 'glab']);
    expect(result.skipped[1]?.reason).toContain('no command "merge_pr"');
  });

  it('fails on a missing required tool, naming it and why', async () => {
    const resolver = new ToolResolver({ searchPaths: [path.join(root, 'core')] });
    const error = await resolveAgentTools(await agent('      - clickup\n'), resolver).catch(
      (e: unknown) => e,
    );
    expect(AgentToolsError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /Agent "po" cannot start[\s\S]*- clickup: Unknown tool "clickup"/,
    );
  });

  it('v1 agents without tools resolve to nothing', async () => {
    const resolver = new ToolResolver({ searchPaths: [path.join(root, 'core')] });
    const v1 = await parseAgentDefinition('agent:\n  id: dev\n  name: Dex\n', { file: 'dev.yaml' });
    expect((await resolveAgentTools(v1, resolver)).tools).toEqual([]);
  });
});
