import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runKnowledgeCli } from './knowledge-cli.ts';

const tools = fileURLToPath(new URL('../__fixtures__/tools/', import.meta.url));
const pack = path.join(tools, 'clickup');
const yaml = path.join(pack, 'clickup.tool.yaml');
const modulesYaml = path.join(tools, 'modules', 'modules.tool.yaml');

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runKnowledgeCli(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'knowledge-cli-'));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

describe('toolsmith-knowledge', () => {
  it('validate: loads every *.tool.yaml under a folder', async () => {
    const result = await cli('validate', pack);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^ok {4}.*clickup\.tool\.yaml \(clickup, schema 2\.0\)/m);
    expect(result.out).toMatch(/1 of 1 definitions valid\.$/);
  });

  it('validate: reports a broken definition with file:line and exits 1', async () => {
    cpSync(pack, path.join(scratch, 'clickup'), { recursive: true });
    const file = path.join(scratch, 'clickup', 'clickup.tool.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        'validation: validators.validate-create-task',
        'validation: validators.validate-creat-task',
      ),
    );
    const result = await cli('validate', scratch);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /clickup\.tool\.yaml:\d+:\d+ at tool\.commands\[\d+\]\.validation: unknown validator 'validate-creat-task'\. Did you mean 'validate-create-task'\?/,
    );
    expect(result.out).toMatch(/0 of 1 definitions valid\./);
  });

  it('inspect: summarises a tool, or renders a command context within a budget', async () => {
    const summary = await cli('inspect', yaml);
    expect(summary.code).toBe(0);
    expect(summary.out).toMatch(/^clickup — .*\(schema 2\.0, mcp/);
    expect(summary.out).toMatch(/commands \(\d+\): .*create_task/);
    const context = await cli('inspect', yaml, '--context', 'create_task', '--max-tokens', '100');
    expect(context.code).toBe(0);
    expect(context.out.split('_Left out')[0]!.length).toBeLessThanOrEqual(400);
    expect(context.out).toMatch(/Left out to stay within 100 tokens/);
  });

  it('run-helper and validate-args run the pack in the sandbox', async () => {
    const helper = await cli('run-helper', yaml, 'is-assignee-list', '[[183, 456]]');
    expect(helper.code).toBe(0);
    expect(JSON.parse(helper.out)).toBe(true);
    // An ES module of a pack, with the shared module it imports.
    const module = await cli('run-helper', modulesYaml, 'describe-value', '[{"a": 1}]');
    expect(module.code).toBe(0);
    expect(JSON.parse(module.out)).toEqual({ object: true, text: '{"a":1}', loads: 1 });
    const rejected = await cli('validate-args', yaml, 'create_task', '{"name":"x","assignees":{"add":[1]}}');
    expect(rejected.code).toBe(1);
    expect(rejected.out).toMatch(/assignees: .*anti-pattern/);
    const accepted = await cli(
      'validate-args',
      yaml,
      'create_task',
      '{"listId":"901","name":"x","assignees":[183]}',
    );
    expect(accepted).toEqual({
      code: 0,
      out: 'valid: the arguments pass every validator of create_task.',
      err: '',
    });
  }, 30_000);

  it('answers usage errors with exit 2 and the usage', async () => {
    const result = await cli('validate-args', yaml, 'create_task', '{not json');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/The JSON argument is not valid JSON/);
    expect((await cli('frobnicate')).err).toMatch(/Unknown command "frobnicate"[\s\S]*Usage:/);
    expect((await cli()).code).toBe(2);
  });
});
