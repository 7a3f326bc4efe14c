/**
 * describeAdversary over the "notes" server's guarded tools: the suite starts the server once,
 * runs the adversary on two seeds through a real in-memory MCP client with every toolset, and its
 * three tests pass (every tool covered, no violation, the share handled); afterwards what it
 * started is closed.
 */
import { afterAll, expect } from '@jest/globals';
import { ToolRegistry } from '@toolsmith/core';
import {
  FindNotesTool,
  NOTES_VALID_CALLS,
  references,
  startNotesApi,
  UpdateNoteTool,
  type NotesDeps,
} from './__fixtures__/notes-server.ts';
import { describeAdversary } from './describe-adversary.ts';

const closed: string[] = [];

describeAdversary<NotesDeps>('the generated adversary, the notes server', {
  name: 'notes',
  seeds: [3, 4],
  minCalls: 100,
  async start() {
    const notes = await startNotesApi();
    return {
      server: {
        name: 'notes',
        version: '1.0.0',
        registry: new ToolRegistry<NotesDeps>().register(new UpdateNoteTool(), new FindNotesTool()),
        deps: { api: notes.url, references },
        searchTools: false,
      },
      target: {
        reset: () => notes.reset(),
        requests: () => notes.requests,
        validCalls: NOTES_VALID_CALLS,
        references,
      },
      async close() {
        await notes.close();
        closed.push('notes api');
      },
    };
  },
});

// Declared after the suite: runs after the suite's own afterAll.
afterAll(() => {
  expect(closed).toEqual(['notes api']);
});
