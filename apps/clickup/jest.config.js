import preset from '../../jest.preset.js';

/** @type {import('jest').Config} */
export default { ...preset, displayName: '@toolsmith/clickup-mcp', rootDir: import.meta.dirname };
