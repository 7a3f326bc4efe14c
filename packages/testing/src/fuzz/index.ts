// @toolsmith/testing/fuzz — fast-check arbitraries of invalid tool arguments (needs fast-check).
export {
  invalidToolArgs,
  invalidArgsProblem,
  jsonGarbage,
  overTheWire,
  type InvalidCall,
  type Json,
} from './invalid-args.ts';
