import { expect, it } from '@jest/globals';
import { VERSION } from './index.ts';
it('exports a version', () => { expect(VERSION).toBe('0.1.0'); });
