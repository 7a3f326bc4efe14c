import preset from '../../../jest.preset.js';

/** @type {import('jest').Config} */
export default { ...preset, displayName: '@toolsmith/yandex-tracker-emulator', rootDir: import.meta.dirname };
