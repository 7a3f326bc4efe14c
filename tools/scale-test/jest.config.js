import preset from '../../jest.preset.js';

/** @type {import('jest').Config} */
export default { ...preset, displayName: '@toolsmith/scale-test', rootDir: import.meta.dirname };
