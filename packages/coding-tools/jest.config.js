import preset from '../../jest.preset.js';

/** @type {import('jest').Config} */
export default { ...preset, displayName: '@toolsmith/coding-tools', rootDir: import.meta.dirname };
