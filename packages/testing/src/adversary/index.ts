// @toolsmith/testing/adversary — the generated adversary: malformed calls derived from valid ones by
// what each parameter is, made against a server and its emulator, checked by property.
export type { AdversaryTarget, SeenRequest, Args } from './adversary-target.ts';
export { deriveMutations, type Mutation, type Expectation, type DeriveOptions } from './derive-mutations.ts';
export {
  runAdversary,
  formatAdversaryReport,
  adversarySeeds,
  mergeReports,
  seededRandom,
  type AdversaryReport,
  type AdversaryOptions,
  type ToolRow,
  type Violation,
  type Outcome,
} from './run-adversary.ts';
