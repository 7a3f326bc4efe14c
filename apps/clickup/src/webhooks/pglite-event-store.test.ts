import { afterAll, beforeAll } from '@jest/globals';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeEventStore } from './__fixtures__/event-store-suite.ts';
import { createWebhookEventStore } from './open-webhook-store.ts';

// A fresh PGlite directory takes seconds to initialise: one is made (and migrated) once, and each
// test gets a copy.
let root: string;
let template: string;
let copies = 0;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'clickup-pglite-'));
  template = path.join(root, 'template');
  const store = createWebhookEventStore({ directory: template, normaliser: false });
  await store.open();
  await store.close();
}, 180_000); // initialising a PGlite directory: seconds, a minute and more on a loaded CI machine

afterAll(() => rmSync(root, { recursive: true, force: true }));

describeEventStore('PGlite (embedded)', () => ({
  replicas: false,
  async newLocation() {
    const directory = path.join(root, `store-${++copies}`);
    cpSync(template, directory, { recursive: true });
    return { directory };
  },
}));
