/**
 * `fields` lands where the data is, for every registered Tracker tool that takes it (the suite is
 * @toolsmith/testing's describeFieldsProjection): each tool's first valid call
 * (e2e/__fixtures__/valid-calls.ts) through the real MCP client, against the emulator on a fresh seed.
 * The seed has no local field, so OPS gets one (a list with nothing in it shows no projection).
 */
import { describeFieldsProjection } from '@toolsmith/testing/jest';
import { startInProcess } from '../e2e/__fixtures__/tracker-fixture.ts';
import { addSeedExtras, VALID_CALLS } from '../e2e/__fixtures__/valid-calls.ts';
import { createRegistry } from '../server.ts';

describeFieldsProjection('fields projects the items of every Tracker tool that takes it', {
  tools: createRegistry().list(),
  validCall: (name) => VALID_CALLS[name]?.[0],
  start: async () => {
    const h = await startInProcess();
    return {
      client: h.connection.client,
      reset: () => {
        h.emulator.reset();
        addSeedExtras(h.emulator.state);
        const ops = h.emulator.state.queues.find((queue) => queue.key === 'OPS')!;
        ops.localFields.push({
          id: `${ops.id.toString(16).padStart(24, '0')}--release`,
          key: 'release',
          name: 'Release',
          type: 'ru.yandex.startrek.core.fields.DateFieldType',
          category: '000000000000000000000001',
        });
      },
      close: () => h.close(),
    };
  },
});
