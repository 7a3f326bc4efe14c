import { serverAppConfig } from '../../scripts/eslint-server-app.js';

// Tests drive the server against the Tracker API emulator.
export default serverAppConfig('@toolsmith/yandex-tracker-emulator');
