export {
  declare,
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
  wallTime,
  nextDate,
  type Moment,
  type PendingMoment,
  type ResolvedMoment,
} from './moment.ts';
export { parseDuration, durationValue, type DurationValue, type DurationUnits } from './duration.ts';
export { planOf, nodeAt, type PlanNode, type PlanNodeType } from './schema-plan.ts';
export { checkInput, type InputPolicy } from './check-input.ts';
export { commonAliases } from './field-aliases.ts';
export { resolveGuarded, type GuardInput } from './guard-call.ts';
