export {
  createFakeApi,
  type FakeApi,
  type FakeApiOptions,
  type FakeHandler,
  type FakeRequest,
  type FakeResponse,
  type FakeRoutes,
  type RecordedRequest,
} from './fake-api.ts';
export {
  TRUNCATED_JSON,
  type Fault,
  type FaultControl,
  type FaultKind,
  type FaultScope,
  type HangFault,
  type LatencyFault,
  type MalformedBodyFault,
  type RateLimitFault,
  type ResetFault,
  type StatusFault,
} from './faults.ts';
export { compilePathPattern, type PathParams, type PathPattern } from './path-pattern.ts';
