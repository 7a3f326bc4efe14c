// Public API of @toolsmith/testing/jest — helpers that declare jest tests. Everything exported here is public.
export { describeToolDefinitions } from './describe-tool-definitions.ts';
export { describeOneClickInstall, type OneClickInstallOptions } from './describe-one-click-install.ts';
export {
  describeAdversary,
  type AdversarySubject,
  type AdversarySuite,
} from '../adversary/describe-adversary.ts';
export {
  describeFieldsProjection,
  recordsOf,
  type FieldsProjectionSubject,
  type FieldsProjectionSuite,
} from '../projection/describe-fields-projection.ts';
