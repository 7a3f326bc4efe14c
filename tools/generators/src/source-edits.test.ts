import { describe, expect, it } from '@jest/globals';
import { GeneratorError } from './generator-error.ts';
import { readToolPrefix } from './server-layout.ts';
import { addToolset, addToolToIndex, readListFunction, readToolNames } from './source-edits.ts';

const INDEX = `/** The tool list. */
import type { AnyTool } from '@toolsmith/core';
import type { ServerDeps } from '../deps.ts';
import { GetIssueTool } from './issues/get-issue/get-issue.tool.ts';
import { ListQueuesTool } from './queues/list-queues/list-queues.tool.ts';

export function createTools(): AnyTool<ServerDeps>[] {
  return [new GetIssueTool(), new ListQueuesTool()];
}
`;

const addComment = { className: 'AddCommentTool', importPath: './comments/add-comment/add-comment.tool.ts' };

describe('addToolToIndex', () => {
  it('adds the import in alphabetical position and the instance at the end of the list', () => {
    const { source, changed } = addToolToIndex(INDEX, addComment);
    expect(changed).toBe(true);
    expect(source).toMatchInlineSnapshot(`
"/** The tool list. */
import type { AnyTool } from '@toolsmith/core';
import type { ServerDeps } from '../deps.ts';
import { AddCommentTool } from './comments/add-comment/add-comment.tool.ts';
import { GetIssueTool } from './issues/get-issue/get-issue.tool.ts';
import { ListQueuesTool } from './queues/list-queues/list-queues.tool.ts';

export function createTools(): AnyTool<ServerDeps>[] {
  return [new GetIssueTool(), new ListQueuesTool(), new AddCommentTool()];
}
"
`);
  });

  it('keeps the existing import order when it is not alphabetical, inserting before the first later path', () => {
    const unsorted = INDEX.replace(
      "import { GetIssueTool } from './issues/get-issue/get-issue.tool.ts';\nimport { ListQueuesTool } from './queues/list-queues/list-queues.tool.ts';",
      "import { ListQueuesTool } from './queues/list-queues/list-queues.tool.ts';\nimport { GetIssueTool } from './issues/get-issue/get-issue.tool.ts';",
    );
    const imports = (source: string) => source.split('\n').filter((line) => line.startsWith('import { '));
    const first = addToolToIndex(unsorted, addComment).source;
    expect(imports(first)).toEqual([
      "import { AddCommentTool } from './comments/add-comment/add-comment.tool.ts';",
      "import { ListQueuesTool } from './queues/list-queues/list-queues.tool.ts';",
      "import { GetIssueTool } from './issues/get-issue/get-issue.tool.ts';",
    ]);
    const last = addToolToIndex(first, {
      className: 'SearchUsersTool',
      importPath: './users/search-users/search-users.tool.ts',
    });
    expect(imports(last.source).at(-1)).toBe(
      "import { SearchUsersTool } from './users/search-users/search-users.tool.ts';",
    );
  });

  it('is idempotent: adding the same tool twice changes nothing the second time', () => {
    const once = addToolToIndex(INDEX, addComment).source;
    const twice = addToolToIndex(once, addComment);
    expect(twice).toEqual({ source: once, changed: false });
  });

  it('completes a half-done registration (imported but not listed)', () => {
    const imported = addToolToIndex(INDEX, addComment).source.replace(', new AddCommentTool()', '');
    const { source } = addToolToIndex(imported, addComment);
    expect(source.match(/import \{ AddCommentTool \}/g)).toHaveLength(1);
    expect(source).toContain('new ListQueuesTool(), new AddCommentTool()]');
  });

  it('refuses a different tool with the same class name, naming both paths and the registered tools', () => {
    let error: unknown;
    try {
      addToolToIndex(INDEX, { className: 'GetIssueTool', importPath: './other/get-issue/get-issue.tool.ts' });
    } catch (e) {
      error = e;
    }
    expect(GeneratorError.isInstance(error)).toBe(true);
    const generatorError = error as GeneratorError;
    expect(generatorError.exitCode).toBe(1);
    expect(generatorError.message).toContain(
      "already imports a GetIssueTool from './issues/get-issue/get-issue.tool.ts'",
    );
    expect(generatorError.message).toContain('Registered tools: GetIssueTool, ListQueuesTool.');
  });

  it('breaks a list that outgrows the print width into one instance per line', () => {
    let source = INDEX;
    for (const name of ['AddCommentTool', 'DeleteCommentTool', 'UpdateCommentTool', 'MoveIssueTool']) {
      source = addToolToIndex(source, { className: name, importPath: `./x/${name}.tool.ts` }).source;
    }
    expect(source).toContain(`  return [
    new GetIssueTool(),
    new ListQueuesTool(),
    new AddCommentTool(),
    new DeleteCommentTool(),
    new UpdateCommentTool(),
    new MoveIssueTool(),
  ];`);
  });

  it('appends to a multi-line list keeping its layout, trailing comma and comments', () => {
    const multiline = INDEX.replace(
      'return [new GetIssueTool(), new ListQueuesTool()];',
      'return [\n    // issues\n    new GetIssueTool(),\n    new ListQueuesTool(),\n  ];',
    );
    const { source } = addToolToIndex(multiline, addComment);
    expect(source).toContain(
      'return [\n    // issues\n    new GetIssueTool(),\n    new ListQueuesTool(),\n    new AddCommentTool(),\n  ];',
    );
  });

  it('fills an empty list and places the first tool import after the other imports', () => {
    const empty = `import type { AnyTool } from '@toolsmith/core';\n\nexport function createTools(): AnyTool[] {\n  return [];\n}\n`;
    const { source } = addToolToIndex(empty, addComment);
    expect(source).toBe(
      `import type { AnyTool } from '@toolsmith/core';\nimport { AddCommentTool } from './comments/add-comment/add-comment.tool.ts';\n\nexport function createTools(): AnyTool[] {\n  return [new AddCommentTool()];\n}\n`,
    );
  });

  it('explains what it needs when there is no createTools() list', () => {
    expect(() =>
      addToolToIndex('export const x = 1;\n', { ...addComment, functionName: 'createTools' }),
    ).toThrow(
      'has no tool list: the generator registers tools in the array returned by `export function createTools()`',
    );
  });
});

const SERVER = `import { defineToolset } from '@toolsmith/core';

export const TOOL_PREFIX = 'tracker';

export const TOOLSETS = [
  defineToolset({ id: 'issues', description: 'Tools for issues.', default: true }),
];
`;

describe('composition file edits', () => {
  it('reads TOOL_PREFIX, treating an empty or missing one as no prefix', () => {
    expect(readToolPrefix(SERVER)).toBe('tracker');
    expect(readToolPrefix(SERVER.replace("'tracker'", "''"))).toBeUndefined();
    expect(readToolPrefix('export const x = 1;')).toBeUndefined();
  });

  it('declares the toolset of a new area once', () => {
    const added = addToolset(SERVER, { id: 'comments', description: 'Tools for comments.' });
    expect(added.changed).toBe(true);
    expect(added.source).toContain(
      "  defineToolset({ id: 'issues', description: 'Tools for issues.', default: true }),\n  defineToolset({ id: 'comments', description: 'Tools for comments.', default: true }),\n];",
    );
    expect(addToolset(added.source, { id: 'comments', description: 'Tools for comments.' })).toEqual({
      source: added.source,
      changed: false,
      found: true,
    });
  });

  it('recognises plain object toolsets and reports a server without a toolsets list', () => {
    const plain = "export const TOOLSETS = [{ id: 'issues', description: 'Issues', default: true }];\n";
    expect(addToolset(plain, { id: 'issues', description: 'x' }).changed).toBe(false);
    expect(addToolset('export const x = 1;\n', { id: 'issues', description: 'x' })).toMatchObject({
      changed: false,
      found: false,
    });
  });
});

describe('readToolNames', () => {
  it('reads the name and deprecated aliases from defineToolMetadata', () => {
    const source = `export class T extends BaseTool {
  static override readonly METADATA = defineToolMetadata({
    name: 'tracker_get_issue',
    description: '[Issues/Read] Get an issue.',
    deprecatedAliases: ['get_issue', "issue_get"],
    category: 'issues',
    annotations: { readOnlyHint: true },
  });
}`;
    expect(readToolNames(source)).toEqual(['tracker_get_issue', 'get_issue', 'issue_get']);
  });

  it("reads buildToolName('verb_noun', TOOL_PREFIX) with the server's prefix", () => {
    const source = `export class T extends TrackerTool<typeof P> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_issue', TOOL_PREFIX),
    description: 'Get an issue.',
    category: 'issues',
    annotations: { readOnlyHint: true },
  });
}`;
    expect(readToolNames(source, 'tracker')).toEqual(['tracker_get_issue']);
    expect(readToolNames(source, undefined)).toEqual(['get_issue']);
    expect(readToolNames(source.replace('TOOL_PREFIX', "'jira'"), 'tracker')).toEqual(['jira_get_issue']);
  });
});

describe('area lists', () => {
  const AREA = `import { CountIssuesTool } from './count-issues.tool.ts';
import { GetIssuesTool } from './get-issues.tool.ts';

/** Issues. */
export function createIssueTools() {
  return [
    new GetIssuesTool(),
    new CountIssuesTool(),
  ];
}
`;

  it("adds a tool to the array an area's one exported function returns, whatever its name", () => {
    expect(readListFunction(AREA)).toBe('createIssueTools');
    const { source } = addToolToIndex(AREA, {
      className: 'MoveIssueTool',
      importPath: './move-issue.tool.ts',
      functionName: readListFunction(AREA),
    });
    expect(source).toContain(
      "import { GetIssuesTool } from './get-issues.tool.ts';\nimport { MoveIssueTool } from './move-issue.tool.ts';",
    );
    expect(source).toContain('    new CountIssuesTool(),\n    new MoveIssueTool(),\n  ];');
  });

  it("adds a new area's list to the composition file as a spread", () => {
    const { source } = addToolToIndex(INDEX, {
      className: 'commentTools',
      importPath: './comments/index.ts',
      element: '...commentTools()',
      functionName: 'createTools',
    });
    expect(source).toContain("import { commentTools } from './comments/index.ts';");
    expect(source).toContain('return [new GetIssueTool(), new ListQueuesTool(), ...commentTools()];');
  });
});
