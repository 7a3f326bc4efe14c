import { describe, expect, it } from '@jest/globals';
import { parseTemplate, renderTemplate, TemplateError, validateTemplate } from './use-tool-template.ts';

describe('parseTemplate', () => {
  it('finds tool calls with positions and JSON args (nesting and "}}" inside strings included)', () => {
    const text =
      'Hi\nSee {{use-tool:clickup:get_task:{"taskId":"a}}b","opts":{"deep":[1,{"x":2}]}}}} and {{use-tool:gh:ping}}.';
    const { segments, problems } = parseTemplate(text);
    expect(problems).toEqual([]);
    const calls = segments.filter((s) => s.kind === 'tool-call');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      toolId: 'clickup',
      command: 'get_task',
      args: { taskId: 'a}}b', opts: { deep: [1, { x: 2 }] } },
      start: { line: 2, column: 5, offset: 7 },
    });
    expect(calls[1]).toMatchObject({ toolId: 'gh', command: 'ping', args: {} });
    expect(segments.map((s) => (s.kind === 'text' ? s.text : '§')).join('')).toBe('Hi\nSee § and §.');
  });

  it('reports each malformed call with its line and column and keeps the rest', () => {
    const text = 'a {{use-tool:}} b\n  {{use-tool:x:cmd:{"a":}} c {{use-tool:ok:run}}';
    const { segments, problems } = parseTemplate(text);
    expect(
      problems.map((p) => [p.position.line, p.position.column, p.message.split('(')[0]!.trim()]),
    ).toEqual([
      [1, 14, 'Expected a tool id after "{{use-tool:", e.g. {{use-tool:clickup:get_task}}.'],
      [2, 20, 'The arguments are not valid JSON'],
    ]);
    expect(segments.filter((s) => s.kind === 'tool-call')).toHaveLength(1);
  });

  it('says when the JSON never closes or "}}" is missing', () => {
    expect(parseTemplate('{{use-tool:x:y:{"a":1').problems[0]?.message).toBe(
      'The JSON arguments never close; check the braces and quotes.',
    );
    expect(parseTemplate('{{use-tool:x:y:{"a":1} tail').problems[0]?.message).toBe(
      'Expected "}}" to close the tool call.',
    );
  });
});

describe('renderTemplate / validateTemplate', () => {
  it('renders calls in order through the executor', async () => {
    const calls: string[] = [];
    const out = await renderTemplate(
      'A={{use-tool:t:one}}, B={{use-tool:t:two:{"n":2}}}',
      async ({ command, args }) => {
        calls.push(command);
        return command === 'one' ? 'first' : { got: args };
      },
    );
    expect(out).toBe('A=first, B={"got":{"n":2}}');
    expect(calls).toEqual(['one', 'two']);
  });

  it('refuses to render a template with syntax problems', async () => {
    await expect(renderTemplate('{{use-tool:x}}', async () => '')).rejects.toBeInstanceOf(TemplateError);
  });

  it('collects checker problems at each call position', async () => {
    const problems = await validateTemplate(
      'x {{use-tool:nope:run}}\n{{use-tool:t:bad}}',
      ({ toolId, command }) =>
        toolId === 'nope'
          ? [`Unknown tool "${toolId}".`]
          : command === 'bad'
            ? ['Unknown command "bad".']
            : [],
    );
    expect(problems.map((p) => `${p.position.line}:${p.position.column} ${p.message}`)).toEqual([
      '1:3 Unknown tool "nope".',
      '2:1 Unknown command "bad".',
    ]);
  });
});
