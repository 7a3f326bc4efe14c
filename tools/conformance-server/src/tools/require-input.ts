/** Shared by the input fixtures: a client request the fixture cannot do without. */
import { MissingClientCapabilityError, type ClientInput } from '@toolsmith/core';

const capabilityOf = { elicit: 'elicitation', sample: 'sampling', listRoots: 'roots' } as const;

/** `ctx[kind]`, or the protocol's missing-capability error naming what the client must declare. */
export function requireInput<K extends keyof typeof capabilityOf>(
  ctx: ClientInput,
  kind: K,
): NonNullable<ClientInput[K]> {
  const request = ctx[kind];
  if (!request) throw new MissingClientCapabilityError({ [capabilityOf[kind]]: {} });
  return request as NonNullable<ClientInput[K]>;
}
