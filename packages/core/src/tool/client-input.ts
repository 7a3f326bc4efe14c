/**
 * What a tool, prompt or resource can ask of the client while it runs: the user (elicitation), the
 * client's model (sampling) and the client's roots. Adapters provide each function only when the
 * client declared the capability, so `if (ctx.sample)` is the capability check.
 *
 * Over MCP every question is a multi-round-trip request: the handler runs again from the start
 * once the answers arrive (2026-07-28 `input_required` results; on a 2025-11-25 connection the SDK
 * asks the client itself and re-runs the handler). Questions asked together
 * (`await Promise.all([ctx.elicit(a), ctx.sample(b)])`) go to the client in one round; questions
 * asked one after the other take one round each. So a handler asks before it writes anything,
 * and never catches the {@link InputRequired} signal its questions throw.
 */

export interface ElicitationRequest {
  message: string;
  /** Flat object schema of primitive fields (MCP elicitation form). */
  requestedSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
  /** Key of this question in the round's `inputRequests`; defaults to `elicit-<n>` (n-th question). */
  key?: string;
}

export type ElicitationResult =
  { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' } | { action: 'cancel' };

export type SamplingContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string };

export interface SamplingMessage {
  role: 'user' | 'assistant';
  content: SamplingContent;
}

export interface SamplingRequest {
  messages: SamplingMessage[];
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  /** Hints for the client's model choice, e.g. `{ hints: [{ name: 'claude' }], speedPriority: 0.8 }`. */
  modelPreferences?: {
    hints?: { name?: string }[];
    costPriority?: number;
    speedPriority?: number;
    intelligencePriority?: number;
  };
  /** Key of this request in the round's `inputRequests`; defaults to `sample-<n>`. */
  key?: string;
}

export interface SamplingResult {
  role: 'user' | 'assistant';
  content: SamplingContent;
  /** The model the client used. */
  model: string;
  stopReason?: string;
}

/** A root the client exposes (a directory or project), e.g. `{ uri: 'file:///work/app', name: 'app' }`. */
export interface ClientRoot {
  uri: string;
  name?: string;
}

export interface ListRootsOptions {
  /** Key of this request in the round's `inputRequests`; defaults to `roots-<n>`. */
  key?: string;
}

/** The client requests a handler may make; each is present only when the client can answer it. */
export interface ClientInput {
  /** Asks the user; undefined when no user can be reached (the handler should say so instead of hanging). */
  readonly elicit?: (request: ElicitationRequest) => Promise<ElicitationResult>;
  /** Asks the client's model (`sampling/createMessage`); undefined when the client does not sample. */
  readonly sample?: (request: SamplingRequest) => Promise<SamplingResult>;
  /** The client's roots (`roots/list`); undefined when the client has none to share. */
  readonly listRoots?: (options?: ListRootsOptions) => Promise<ClientRoot[]>;
}

/**
 * Thrown by a client request whose answer is not in this round yet. Adapters end the call with an
 * input-required result; BaseTool passes it through untouched. Handlers never catch it.
 */
export class InputRequired extends Error {
  constructor(key: string) {
    super(`Waiting for the client's answer to "${key}".`);
    this.name = 'InputRequired';
  }

  static isInstance(error: unknown): error is InputRequired {
    return error instanceof InputRequired;
  }
}

/** Client capabilities a handler can require, in MCP's shape (e.g. `{ sampling: {} }`). */
export type RequiredClientCapabilities = Partial<Record<'elicitation' | 'sampling' | 'roots', object>>;

/**
 * Thrown by a handler that cannot do its work without a capability the client did not declare
 * (e.g. it must ask the client's model). Over MCP it becomes the protocol's
 * missing-client-capability error (-32021, HTTP 400) naming the capabilities; to an agent it is a
 * plain error. Prefer degrading (answering without the capability) where the handler can.
 */
export class MissingClientCapabilityError extends Error {
  readonly capabilities: RequiredClientCapabilities;

  constructor(capabilities: RequiredClientCapabilities, message?: string) {
    const names = Object.keys(capabilities);
    super(
      message ??
        `This request needs the client capabilit${names.length === 1 ? 'y' : 'ies'} ${names.map((n) => `"${n}"`).join(', ')}: call it from a client that declares ${names.length === 1 ? 'it' : 'them'}.`,
    );
    this.name = 'MissingClientCapabilityError';
    this.capabilities = capabilities;
  }

  static isInstance(error: unknown): error is MissingClientCapabilityError {
    return error instanceof MissingClientCapabilityError;
  }
}

/** Signals that end a handler's run to ask or refuse, not failures: adapters answer them. */
export function isClientInputSignal(error: unknown): error is InputRequired | MissingClientCapabilityError {
  return InputRequired.isInstance(error) || MissingClientCapabilityError.isInstance(error);
}
