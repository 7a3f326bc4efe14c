import preset from '../../jest.preset.js';

/** @type {import('jest').Config} */
export default { ...preset, displayName: '@toolsmith/example-server', rootDir: import.meta.dirname };
