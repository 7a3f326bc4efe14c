export { requestFingerprint, encodeCursor, decodeCursor, type CursorPosition } from './cursor.ts';
export {
  listPages,
  listAfter,
  listLocal,
  chooseView,
  type ListResult,
  type ListParams,
} from './list-result.ts';
export { runBatch, errorText, type BatchResult, type BatchOptions } from './batch.ts';
export { withProjectionRoot, projectionRootOf } from './projection-root.ts';
export {
  cursorParam,
  perPageParam,
  type CursorParamOptions,
  type PerPageParamOptions,
  type ParamBounds,
} from './page-params.ts';
