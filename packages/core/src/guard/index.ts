export {
  declare,
  declaredOn,
  aliases,
  assumed,
  nullMeans,
  emptyMeans,
  type GuardMeta,
  type GuardKind,
  type RefDeclaration,
  type WhenDeclaration,
  type DurationDeclaration,
  type ChangeDeclaration,
  type CustomDeclaration,
} from './guard-meta.ts';
export { ref, asRef, when, duration, change, custom, type RefOptions } from './declare-params.ts';
export {
  ReferenceSource,
  defineEntityKind,
  indexEntities,
  matchEntity,
  labelOf,
  fold,
  type EntityKind,
  type EntityRecord,
  type EntityList,
  type ScopeCall,
  type CustomResolver,
  type CustomResolveCall,
  type ReferenceSourceOptions,
  type IndexedEntities,
  type MatchOutcome,
} from './reference-source.ts';
export { CallRecord, type Conversion } from './call-record.ts';
export {
  parseMoment,
  resolveMoment,
  isPendingMoment,
  wallTime,
  nextDate,
  ACCEPTED_MOMENTS,
  type Moment,
} from './moment.ts';
export { parseDuration, durationValue, acceptedDurations, type DurationValue } from './duration.ts';
export { planOf, nodeAt, type PlanNode, type PlanNodeType } from './schema-plan.ts';
export { checkInput, type InputPolicy } from './check-input.ts';
export { aliasTargets, commonAliases } from './field-aliases.ts';
export { resolveGuarded, type GuardInput } from './guard-call.ts';
