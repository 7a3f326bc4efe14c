import { expect, it } from '@jest/globals';
import { CORE_VERSION } from './index.ts';
it('sees core', () => { expect(CORE_VERSION).toBe('0.1.0'); });
