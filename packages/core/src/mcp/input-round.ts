/**
 * Client input for one round of a multi-round-trip request (`tools/call`, `prompts/get`,
 * `resources/read`): the `ctx.elicit` / `ctx.sample` / `ctx.listRoots` a handler sees, answered from
 * the request's `inputResponses` and the answers of earlier rounds, and the input-required result
 * that ends a round whose questions are not answered yet.
 *
 * The handler runs again from the start every round, so its n-th question is the same question
 * every time. Earlier rounds' answers travel in `requestState`, signed with HMAC-SHA256 (the SDK's
 * codec) and bound to the call (method, name, arguments): a client cannot forge or replay them
 * into another call. Replicas behind a load balancer share the key (`requestStateSecret`).
 */
import {
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  MissingRequiredClientCapabilityError,
  ProtocolErrorCode,
  type InputRequest,
  type InputRequiredResult,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import {
  InputRequired,
  MissingClientCapabilityError,
  type ClientInput,
  type ClientRoot,
  type ElicitationRequest,
  type ElicitationResult,
  type ListRootsOptions,
  type SamplingContent,
  type SamplingRequest,
  type SamplingResult,
} from '../tool/client-input.ts';
import { JsonRpcError } from './json-rpc-error.ts';

/** What a round's `requestState` carries: the call it belongs to and the answers so far. */
interface RoundState {
  /** Hash of method, name and arguments. */
  b: string;
  /** Answers consumed in earlier rounds, by key. */
  a: Record<string, unknown>;
}

export interface InputRoundsOptions {
  /**
   * HMAC key for `requestState` (at least 32 bytes). Every replica that may receive a later round
   * needs the same key; by default each process draws its own.
   */
  secret?: string | Uint8Array;
  /** How long a round's state stays valid. @default 600 */
  ttlSeconds?: number;
}

export interface InputRound {
  /** The client requests the handler may make (only those the client declared). */
  readonly client: ClientInput;
  /**
   * Runs the handler's work: its result, or the input-required result when it asked something not
   * answered yet. A missing client capability becomes the protocol's -32021 error.
   */
  run<T>(work: () => Promise<T>): Promise<T | InputRequiredResult>;
}

const isRoundState = (value: unknown): value is RoundState =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RoundState).b === 'string' &&
  typeof (value as RoundState).a === 'object' &&
  (value as RoundState).a !== null;

/** node:crypto on first use: a server that never sees a multi-round request does not load it at start. */
const nodeCrypto = () => process.getBuiltinModule('node:crypto');

const bindingOf = (call: string) =>
  nodeCrypto().createHash('sha256').update(call).digest('base64url').slice(0, 22);

/** A tool's MissingClientCapabilityError as the protocol's -32021 error; anything else as it is. */
function protocolError(error: unknown): unknown {
  return MissingClientCapabilityError.isInstance(error)
    ? new MissingRequiredClientCapabilityError(
        { requiredCapabilities: error.capabilities as never },
        error.message,
      )
    : error;
}

/**
 * The round of a request from a client that can answer nothing (no elicitation, sampling or roots):
 * the handler cannot ask, so there is nothing to track. Shared, so such a call allocates no round.
 */
const NO_INPUT_ROUND: InputRound = {
  client: {},
  async run<T>(work: () => Promise<T>): Promise<T | InputRequiredResult> {
    try {
      return await work();
    } catch (error) {
      throw protocolError(error);
    }
  },
};

export function createInputRounds(options: InputRoundsOptions = {}) {
  const make = () =>
    createRequestStateCodec<RoundState>({
      key: options.secret ?? nodeCrypto().randomBytes(32),
      ttlSeconds: options.ttlSeconds ?? 600,
    });
  // A given secret is checked now (a short key fails at start, not at the first round); the default
  // per-process key is drawn, and WebCrypto loaded, when a round first needs the codec.
  let made = options.secret !== undefined ? make() : undefined;
  const codec = () => (made ??= make());

  return {
    /** For `ServerOptions.requestState.verify`: rejects forged, tampered and expired state. */
    verify: (...args: Parameters<ReturnType<typeof make>['verify']>) => codec().verify(...args),

    /**
     * The round of one request. `call` identifies what is being asked for (method, name and
     * arguments) so that state from another call is refused; it is built only when a round needs
     * it, so a call that asks nothing never serialises its arguments.
     */
    begin(server: Server, extra: ServerContext, call: () => string): InputRound {
      // Hashed only when a round needs it (state to check or to mint): most calls have neither, and
      // SHA-256 of every call's arguments was a measurable share of tools/call overhead.
      let binding: string | undefined;
      const bound = () => (binding ??= bindingOf(call()));
      const state = extra.mcpReq.requestState<unknown>();
      let earlier: Record<string, unknown> = {};
      if (state !== undefined) {
        if (!isRoundState(state) || state.b !== bound()) {
          throw new JsonRpcError(
            ProtocolErrorCode.InvalidParams,
            'This requestState belongs to another request (a different tool, prompt, resource or arguments). Send the request again without requestState and inputResponses to start over.',
          );
        }
        earlier = state.a;
      }
      const capabilities = server.getClientCapabilities() ?? {};
      if (
        capabilities.elicitation === undefined &&
        capabilities.sampling === undefined &&
        capabilities.roots === undefined
      ) {
        return NO_INPUT_ROUND;
      }
      // Merged when a handler first asks something (most calls ask nothing).
      let merged: Record<string, unknown> | undefined;
      const answers = () => {
        if (merged) return merged;
        const responses = extra.mcpReq.inputResponses;
        return (merged = { ...earlier, ...(responses && typeof responses === 'object' ? responses : {}) });
      };
      const consumed: Record<string, unknown> = {};
      const asked = new Map<string, InputRequest>();
      const counters = { elicit: 0, sample: 0, roots: 0 };
      const ask = (key: string, request: InputRequest): never => {
        asked.set(key, request);
        throw new InputRequired(key);
      };
      const answer = (key: string) => {
        const view = inputResponse(answers(), key);
        if (view.kind !== 'missing') consumed[key] = answers()[key];
        return view;
      };

      const elicit = async (request: ElicitationRequest): Promise<ElicitationResult> => {
        const key = request.key ?? `elicit-${++counters.elicit}`;
        const view = answer(key);
        if (view.kind === 'elicit') {
          return view.action === 'accept'
            ? { action: 'accept', content: view.content ?? {} }
            : { action: view.action };
        }
        return ask(
          key,
          inputRequired.elicit({
            mode: 'form',
            message: request.message,
            requestedSchema: request.requestedSchema as never,
          }),
        );
      };
      const sample = async (request: SamplingRequest): Promise<SamplingResult> => {
        const key = request.key ?? `sample-${++counters.sample}`;
        const view = answer(key);
        if (view.kind === 'sampling') {
          const { role, content, model, stopReason } = view.result;
          const first = (Array.isArray(content) ? content[0] : content) as SamplingContent;
          return { role, content: first, model, ...(stopReason ? { stopReason } : {}) };
        }
        const { key: _key, ...params } = request;
        return ask(key, inputRequired.createMessage(params as never));
      };
      const listRoots = async (rootsOptions: ListRootsOptions = {}): Promise<ClientRoot[]> => {
        const key = rootsOptions.key ?? `roots-${++counters.roots}`;
        const view = answer(key);
        if (view.kind === 'roots') {
          return view.roots.map((root) => ({ uri: root.uri, ...(root.name ? { name: root.name } : {}) }));
        }
        return ask(key, inputRequired.listRoots());
      };

      const pending = async (): Promise<InputRequiredResult | undefined> => {
        if (asked.size === 0) return undefined;
        return inputRequired({
          inputRequests: Object.fromEntries(asked),
          requestState: await codec().mint({ b: bound(), a: consumed }),
        });
      };

      return {
        client: {
          ...(capabilities.elicitation !== undefined ? { elicit } : {}),
          ...(capabilities.sampling !== undefined ? { sample } : {}),
          ...(capabilities.roots !== undefined ? { listRoots } : {}),
        },
        async run<T>(work: () => Promise<T>): Promise<T | InputRequiredResult> {
          let value: T;
          try {
            value = await work();
          } catch (error) {
            if (InputRequired.isInstance(error)) {
              const result = await pending();
              if (result) return result;
            }
            throw protocolError(error);
          }
          // A handler that caught its question's signal still did not get the answer: ask.
          return asked.size === 0 ? value : ((await pending()) ?? value);
        },
      };
    },
  };
}

export type InputRounds = ReturnType<typeof createInputRounds>;
