/**
 * The intake's own format detection and dedupe keys agree with the pack's process-task (run in the
 * sandbox) on every verbatim payload of the research.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { FIXTURE, fixtureBody, standardBody, WEBHOOK_ID } from './__fixtures__/deliveries.ts';
import { detectFormat, identifyDelivery } from './identify-delivery.ts';
import { createProcessTaskNormaliser } from './process-task-normaliser.ts';

const normaliser = createProcessTaskNormaliser();
afterAll(() => normaliser.close());

describe('identifyDelivery', () => {
  it('detects each format as the pack does', async () => {
    for (const name of Object.values(FIXTURE)) {
      const body = JSON.parse(fixtureBody(name)) as unknown;
      const pack = await normaliser.normalise(body);
      expect([name, detectFormat(body)]).toEqual([name, pack.format]);
    }
  }, 60_000);

  it('keys a standard delivery by webhook and history item, as the pack’s dedupe_keys', () => {
    const body = fixtureBody(FIXTURE.statusUpdated);
    expect(identifyDelivery(body, JSON.parse(body))).toMatchObject({
      format: 'standard',
      event: 'taskStatusUpdated',
      webhookId: WEBHOOK_ID,
      taskId: '1vj38vv',
      dedupeKeys: [`${WEBHOOK_ID}:2800787326392370170`],
    });
  });

  it('keys an automation call by automation, trigger, task and date', () => {
    const body = fixtureBody(FIXTURE.automation);
    expect(identifyDelivery(body, JSON.parse(body)).dedupeKeys).toEqual([
      'c389706e-3a5f-4230-a2aa-cdea3dc1e4cc:main:40dd6192-91d7-4f3e-b55f-605297c77bb7:868djdyr0:2025-04-16T23:49:06.457Z',
    ]);
    const legacy = fixtureBody(FIXTURE.legacy);
    expect(identifyDelivery(legacy, JSON.parse(legacy))).toMatchObject({
      format: 'automation_legacy',
      taskId: '8687096vn',
      dedupeKeys: [
        expect.stringMatching(/^b4ced072-.*:main:6f612d16-.*:8687096vn:2024-01-11T19:40:17.927Z$/),
      ],
    });
  });

  it('keys a delivery without history items, or an unknown body, by its bytes', () => {
    const deleted = fixtureBody(FIXTURE.taskDeleted);
    expect(identifyDelivery(deleted, JSON.parse(deleted)).dedupeKeys).toEqual([
      expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    ]);
    expect(identifyDelivery('[1]', [1])).toMatchObject({
      format: 'unknown',
      dedupeKeys: [expect.any(String)],
    });
  });

  it('gives the same key to the same history item under another event', () => {
    const a = standardBody('1', { event: 'taskStatusUpdated' });
    const b = standardBody('1', { event: 'taskUpdated' });
    expect(identifyDelivery(a, JSON.parse(a)).dedupeKeys).toEqual(
      identifyDelivery(b, JSON.parse(b)).dedupeKeys,
    );
  });
});
