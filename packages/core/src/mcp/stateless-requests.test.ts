import { describe, expect, it } from '@jest/globals';
import { Server } from '@modelcontextprotocol/server';
import { StatelessRequests } from './stateless-requests.ts';

const server = () => new Server({ name: 'test', version: '1.0.0' }, { capabilities: {} });
const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'slow' } });
const cancel = (requestId: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId },
});

describe('StatelessRequests', () => {
  it('finds the one instance running a caller’s request, and forgets it when it ends', () => {
    const requests = new StatelessRequests();
    const [a, b] = [server(), server()];
    const forgetA = requests.track('user:alice', call(0), a);
    requests.track('user:bob', call(0), b);
    expect(requests.cancelled('user:alice', cancel(0))).toBe(a);
    expect(requests.cancelled('user:bob', cancel(0))).toBe(b);
    expect(requests.cancelled('user:alice', cancel(1))).toBeUndefined();
    forgetA();
    expect(requests.cancelled('user:alice', cancel(0))).toBeUndefined();
    expect(requests.cancelled('user:bob', cancel(0))).toBe(b);
  });

  it('cancels neither of two requests one caller runs with the same id, and none of anonymous callers', () => {
    const requests = new StatelessRequests();
    const [a, b] = [server(), server()];
    const forgetA = requests.track('peer:x', call(0), a);
    requests.track('peer:x', call(0), b);
    expect(requests.cancelled('peer:x', cancel(0))).toBeUndefined();
    forgetA();
    expect(requests.cancelled('peer:x', cancel(0))).toBe(b);
    requests.track(undefined, call(5), a);
    expect(requests.cancelled(undefined, cancel(5))).toBeUndefined();
    // Only a notifications/cancelled cancels; a request is not one.
    expect(requests.cancelled('peer:x', call(0))).toBeUndefined();
  });
});
