import preset from '../../jest.preset.js';

/** @type {import('jest').Config} */
export default { ...preset, displayName: '@toolsmith/executable-knowledge', rootDir: import.meta.dirname };
