/**
 * Upstream faults injected at random into the emulators (their `faults` API, from
 * @toolsmith/testing's fake API) while the soak runs: 429 (with the API's own timing header), 5xx,
 * latency, connection resets (before the body, after it, in the middle of the response) and hangs
 * (answered by the server's request timeout). Each fault applies to the next request(s) of any path.
 */
import type { Fault, FaultControl } from '@toolsmith/testing';
import type { ServerName } from './soak-processes.ts';

export type FaultName = '429' | '5xx' | 'latency' | 'reset' | 'hang';
const NAMES: readonly FaultName[] = ['429', '5xx', 'latency', 'reset', 'hang'];

export function randomFault(server: ServerName, random: () => number): { name: FaultName; fault: Fault } {
  const name = NAMES[Math.floor(random() * NAMES.length)]!;
  const times = 1 + Math.floor(random() * 3);
  switch (name) {
    case '429':
      return {
        name,
        fault:
          server === 'clickup'
            ? { kind: 'rateLimit', reset: { seconds: 1 + Math.floor(random() * 2) }, times }
            : { kind: 'rateLimit', retryAfterSeconds: 1, times },
      };
    case '5xx':
      return {
        name,
        fault: { kind: 'status', status: [500, 502, 503, 504][Math.floor(random() * 4)]!, times },
      };
    case 'latency':
      return { name, fault: { kind: 'latency', ms: 200 + Math.floor(random() * 2800), times: times * 2 } };
    case 'reset':
      return {
        name,
        fault: { kind: 'reset', when: (['before-body', 'after-body', 'mid-response'] as const)[times - 1]! },
      };
    case 'hang':
      return { name, fault: { kind: 'hang' } };
  }
}

export class FaultInjector {
  readonly counts = new Map<string, number>();
  readonly targets: readonly { server: ServerName; faults: FaultControl }[];
  readonly random: () => number;

  constructor(targets: readonly { server: ServerName; faults: FaultControl }[], random: () => number) {
    this.targets = targets;
    this.random = random;
  }

  /** One random fault into each emulator. */
  inject(): void {
    for (const { server, faults } of this.targets) {
      const { name, fault } = randomFault(server, this.random);
      faults.add(fault);
      const key = `${server} ${name}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    }
  }

  /** Drops the faults not used yet (before the quiet figures and the checks at the end). */
  clear(): void {
    for (const { faults } of this.targets) faults.clear();
  }
}
