import { describe, expect, it } from '@jest/globals';
import { SessionTable } from './session-table.ts';

function table(options: { maxSessions?: number; idleTimeoutMs?: number } = {}) {
  let now = 0;
  const closed: string[] = [];
  const sessions = new SessionTable<{ name: string; close(): Promise<void> }>({ ...options, now: () => now });
  const add = (name: string) => {
    expect(sessions.reserve()).toBe(true);
    sessions.add(name, { name, close: async () => void closed.push(name) });
  };
  return { sessions, add, closed, advance: (ms: number) => (now += ms) };
}

describe('SessionTable', () => {
  it('makes room by closing the least recently used idle session', async () => {
    const { sessions, add, closed, advance } = table({ maxSessions: 3 });
    add('a');
    advance(1);
    add('b');
    advance(1);
    add('c');
    advance(1);
    sessions.begin('a')(); // a used last
    add('d');
    expect(closed).toEqual(['b']);
    expect(sessions.get('b')).toBeUndefined();
    expect(sessions.size).toBe(3);
    await sessions.closeAll();
  });

  it('has no room when every session is busy, and counts initializes in progress', async () => {
    const { sessions, add } = table({ maxSessions: 2 });
    add('a');
    const doneA = sessions.begin('a');
    expect(sessions.reserve()).toBe(true); // b initializing
    expect(sessions.reserve()).toBe(false); // a busy, b reserved
    sessions.release();
    doneA();
    expect(sessions.reserve()).toBe(true);
    await sessions.closeAll();
  });

  it('sweeps sessions idle past the timeout, never busy ones', async () => {
    const { sessions, add, closed, advance } = table({ idleTimeoutMs: 100 });
    add('idle');
    add('busy');
    const done = sessions.begin('busy');
    advance(150);
    sessions.sweep();
    expect(closed).toEqual(['idle']);
    advance(1000);
    sessions.sweep();
    expect(closed).toEqual(['idle']);
    done();
    advance(99);
    sessions.sweep();
    expect(closed).toEqual(['idle']);
    advance(1);
    sessions.sweep();
    expect(closed).toEqual(['idle', 'busy']);
    expect(sessions.size).toBe(0);
  });
});
