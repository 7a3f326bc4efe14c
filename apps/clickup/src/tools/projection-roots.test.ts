/**
 * `fields` lands where the data is, for every registered ClickUp tool that takes it (the suite is
 * @toolsmith/testing's describeFieldsProjection): each tool's first valid call
 * (e2e/__fixtures__/valid-calls.ts) through the real MCP client, against the emulator on a fresh seed.
 */
import { describeFieldsProjection } from '@toolsmith/testing/jest';
import { startInProcess } from '../e2e/__fixtures__/clickup-harness.ts';
import { addSeedExtras, VALID_CALLS } from '../e2e/__fixtures__/valid-calls.ts';
import { createRegistry } from '../server.ts';

describeFieldsProjection('fields projects the items of every ClickUp tool that takes it', {
  tools: createRegistry().list(),
  validCall: (name) => VALID_CALLS[name]?.[0],
  start: async () => {
    const h = await startInProcess();
    return {
      client: h.connection.client,
      reset: (name) => {
        h.emulator.reset();
        addSeedExtras(h.emulator.state, name);
      },
      close: () => h.close(),
    };
  },
});
