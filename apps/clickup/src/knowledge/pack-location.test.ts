import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPackDir, findPackFile } from './pack-location.ts';

const APP = fileURLToPath(new URL('../../', import.meta.url));

describe('findPackDir', () => {
  it('finds apps/clickup/knowledge from the sources (src/knowledge, src/webhooks)', () => {
    expect(findPackDir()).toBe(join(APP, 'knowledge'));
    expect(findPackDir(join(APP, 'src', 'webhooks'))).toBe(join(APP, 'knowledge'));
    expect(findPackFile()).toBe(join(APP, 'knowledge', 'clickup.tool.yaml'));
  });

  it("finds the package's knowledge/ from the bundle's chunks (dist/bundle/chunks)", () => {
    const root = mkdtempSync(join(tmpdir(), 'clickup-pack-location-'));
    try {
      const chunks = join(root, 'dist', 'bundle', 'chunks');
      mkdirSync(chunks, { recursive: true });
      symlinkSync(join(APP, 'knowledge'), join(root, 'knowledge'), 'dir');
      expect(findPackDir(chunks)).toBe(join(root, 'knowledge'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('says where it looked when the pack is missing', () => {
    const root = mkdtempSync(join(tmpdir(), 'clickup-pack-location-'));
    try {
      expect(() => findPackDir(root)).toThrow(
        new RegExp(
          `knowledge/clickup\\.tool\\.yaml\\) was not found above ${root} \\(looked in ${root}/knowledge, `,
        ),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
