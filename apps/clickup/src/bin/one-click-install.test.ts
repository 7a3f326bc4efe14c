/**
 * server.json and manifest.json describe this package truthfully (version, bin, the variables the
 * server reads): the checks every server app shares, from @toolsmith/testing/jest.
 */
import { describeOneClickInstall } from '@toolsmith/testing/jest';
import { loadConfig } from '../config.ts';

describeOneClickInstall({
  appDir: new URL('../../', import.meta.url),
  loadConfig,
  requiredVariables: ['CLICKUP_API_TOKEN', 'CLICKUP_TEAM_ID'],
  token: { variable: 'CLICKUP_API_TOKEN', option: 'api_token' },
});
