import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { ToolResolver } from '../resolver/tool-resolver.ts';
import { createSandboxPool } from '../sandbox/index.ts';
import type { SandboxPool } from '../sandbox/sandbox-types.ts';
import { validateTemplateWithTools } from './template-checker.ts';

const toolsDir = fileURLToPath(new URL('../__fixtures__/tools/', import.meta.url));
let pool: SandboxPool;
beforeAll(() => {
  pool = createSandboxPool({ size: 1 });
});
afterAll(() => pool.close());

describe('validateTemplateWithTools', () => {
  it('checks tool, command, required args and validators, at each call position', async () => {
    const resolver = new ToolResolver({ searchPaths: [toolsDir], pool });
    const text = [
      'ok: {{use-tool:clickup:create_task:{"listId":"1","name":"x","assignees":[1]}}}',
      'bad tool: {{use-tool:clickupp:create_task}}',
      'bad command: {{use-tool:clickup:create_tsk}}',
      'missing arg: {{use-tool:clickup:create_task:{"listId":"1"}}}',
      'anti-pattern: {{use-tool:clickup:create_task:{"listId":"1","name":"x","assignees":{"add":[1]}}}}',
    ].join('\n');
    const problems = await validateTemplateWithTools(text, resolver);
    const at = (line: number) => problems.filter((p) => p.position.line === line).map((p) => p.message);
    expect(at(1)).toEqual([]);
    expect(at(2)[0]).toMatch(/^Unknown tool "clickupp"\. Did you mean "clickup"\?/);
    expect(at(3)).toEqual([
      'Tool "clickup" has no command "create_tsk". Did you mean "create_task"? Commands: create_task, update_task.',
    ]);
    expect(at(4)).toEqual(['clickup:create_task needs "name".']);
    expect(
      at(5).some(
        (m) => m.startsWith('assignees:') && m.includes('anti-pattern wrong_assignee_format_in_create'),
      ),
    ).toBe(true);
    expect(problems.find((p) => p.position.line === 2)?.position.column).toBe(11);
  });
});
