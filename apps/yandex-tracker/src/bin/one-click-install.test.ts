/**
 * server.json and manifest.json describe this package truthfully (version, bin, the variables the
 * server reads): the checks every server app shares, from @toolsmith/testing/jest.
 */
import { describeOneClickInstall } from '@toolsmith/testing/jest';
import { loadAuthStoreConfig, loadConfig } from '../config.ts';

describeOneClickInstall({
  appDir: new URL('../../', import.meta.url),
  loadConfig,
  loadBuiltinConfig: (env) => loadAuthStoreConfig(env),
  requiredVariables: [
    'YANDEX_TRACKER_TOKEN',
    'YANDEX_TRACKER_IAM_TOKEN',
    'YANDEX_ORG_ID',
    'YANDEX_CLOUD_ORG_ID',
  ],
  token: { variable: 'YANDEX_TRACKER_TOKEN', option: 'oauth_token' },
});
