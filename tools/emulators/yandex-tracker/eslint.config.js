import root from '../../../eslint.config.js';

// The emulator prints its address when run standalone (src/main.ts); the rest stays console-free.
export default [...root, { files: ['src/main.ts'], rules: { 'no-console': 'off' } }];
