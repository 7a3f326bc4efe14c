import { serverAppConfig } from '../../scripts/eslint-server-app.js';

// Tests drive the server against the ClickUp API emulator.
export default serverAppConfig('@toolsmith/clickup-emulator');
