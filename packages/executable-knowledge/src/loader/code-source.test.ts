import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DefinitionLoadError } from '../errors/definition-load-error.ts';
import { loadToolDefinition } from './load-tool-definition.ts';

let root: string;
let toolDir: string;

/** A 2.0 tool file whose single helper `extract-field` reads its code from `file`. */
async function writeTool(file: string): Promise<string> {
  const yaml = `tool:
  schema_version: 2.0
  id: demo
  type: local
  name: Demo
  version: 1.0.0
  description: File helpers
  executable_knowledge:
    helpers:
      - id: extract-field
        file: ${JSON.stringify(file)}
`;
  const yamlPath = path.join(toolDir, 'demo.tool.yaml');
  await writeFile(yamlPath, yaml);
  return yamlPath;
}

async function loadProblem(file: string) {
  try {
    await loadToolDefinition(await writeTool(file));
  } catch (error) {
    if (DefinitionLoadError.isInstance(error)) {
      expect(error.problems).toHaveLength(1);
      return error.problems[0];
    }
    throw error;
  }
  throw new Error('expected a DefinitionLoadError');
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ek-code-source-'));
  toolDir = path.join(root, 'demo');
  await mkdir(path.join(toolDir, 'helpers'), { recursive: true });
  const code = 'function extractField(x) { return x; }\nmodule.exports = { extractField };\n';
  await writeFile(path.join(toolDir, 'helpers', 'extract-field.js'), code);
  await writeFile(path.join(root, 'outside.js'), code);
  await writeFile(path.join(toolDir, 'helpers', 'big.js'), `// ${'x'.repeat(300 * 1024)}\n${code}`);
  await symlink(path.join(root, 'outside.js'), path.join(toolDir, 'helpers', 'escape.js'));
  await symlink(path.join(toolDir, 'helpers', 'extract-field.js'), path.join(toolDir, 'helpers', 'alias.js'));
  await symlink(root, path.join(toolDir, 'up'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('file: code modules', () => {
  it('reads a file inside the tool folder', async () => {
    const tool = await loadToolDefinition(await writeTool('helpers/extract-field.js'));
    expect(tool.executableKnowledge.helpers[0]?.code).toMatchObject({
      origin: 'file',
      filename: 'helpers/extract-field.js',
      lineOffset: 0,
      source: expect.stringContaining('module.exports = { extractField };'),
    });
  });

  it('accepts a symlink that stays inside the folder, keeping the written name', async () => {
    const tool = await loadToolDefinition(await writeTool('helpers/alias.js'));
    expect(tool.executableKnowledge.helpers[0]?.code.filename).toBe('helpers/alias.js');
  });

  it('refuses a path going up with ..', async () => {
    expect(await loadProblem('../outside.js')).toMatchObject({
      path: 'tool.executable_knowledge.helpers[0].file',
      line: 11,
      message: "'../outside.js' goes up with '..'; code must live inside the tool's folder",
      expected: 'a path relative to the tool folder, e.g. helpers/extract-custom-field.js',
    });
    expect((await loadProblem('helpers/../../outside.js'))?.message).toContain("goes up with '..'");
  });

  it('refuses an absolute path', async () => {
    expect((await loadProblem(path.join(root, 'outside.js')))?.message).toMatch(/is an absolute path/);
  });

  it('refuses a symlink pointing outside the folder', async () => {
    expect(await loadProblem('helpers/escape.js')).toMatchObject({
      message:
        "'helpers/escape.js' resolves outside the tool's folder (through a symbolic link); code must live inside the tool's folder",
    });
  });

  it('refuses a path through a symlinked directory pointing outside', async () => {
    expect((await loadProblem('up/outside.js'))?.message).toContain("resolves outside the tool's folder");
  });

  it('reports a missing file with a did-you-mean from the folder', async () => {
    expect(await loadProblem('helpers/extract-feld.js')).toMatchObject({
      message:
        "code file 'helpers/extract-feld.js' not found in the tool folder. Did you mean 'helpers/extract-field.js'?",
    });
  });

  it('refuses a directory and an oversized file', async () => {
    expect((await loadProblem('helpers'))?.message).toBe("'helpers' is not a regular file");
    expect((await loadProblem('helpers/big.js'))?.message).toBe(
      "'helpers/big.js' is 300.1 KiB (307278 bytes), over the 256 KiB (262144 bytes) limit for a code file",
    );
  });

  it('compiles file code too and reports syntax errors with the file line', async () => {
    await writeFile(
      path.join(toolDir, 'helpers', 'broken.js'),
      'function extractField(x) {\n  return x +;\n}\n',
    );
    expect(await loadProblem('helpers/broken.js')).toMatchObject({
      path: 'tool.executable_knowledge.helpers[0].file',
      line: 11,
      message:
        "JavaScript syntax error in helper 'extract-field' (helpers/broken.js:2): Unexpected token ';'",
    });
  });
});
