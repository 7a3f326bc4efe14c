/**
 * `resources/*`, `prompts/*` and `completion/complete` for the resources, resource templates and
 * prompts of a server's enabled toolsets. Definitions are generated once per factory; every
 * handler answers a bad request with an invalid-params error that says what to send instead.
 */
import {
  ProtocolErrorCode,
  ResourceNotFoundError,
  UriTemplate,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Logger } from '../logging/logger.ts';
import { PromptArgumentsError, type AnyPrompt, type PromptMessage } from '../prompt/base-prompt.ts';
import type { SelectedContext } from '../registry/tool-registry.ts';
import { ResourceParamsError, type ResourceBody, type ResourceContext } from '../resource/base-resource.ts';
import { completionAnswer, CompletionError } from '../resource/completion.ts';
import { fitErrorToBudget, previewValue } from '../tool/error-budget.ts';
import { closestMatches } from '../util/closest-match.ts';
import type { InputRound, InputRounds } from './input-round.ts';
import { JsonRpcError } from './json-rpc-error.ts';

export interface ContextHandlerOptions<TDeps> {
  context: SelectedContext<TDeps>;
  /** Who calls (on a server with authentication) and the dependencies that caller gets. */
  caller: (extra: ServerContext) => { auth?: AuthContext; deps: TDeps };
  /** Error texts obey the output budget, as tool errors do. */
  budget: number;
  /** Client input (elicitation, sampling, roots) for `prompts/get` and `resources/read`. */
  rounds: InputRounds;
  /** Where the app's `registry.resourceUpdated(uri)` announcements arrive. */
  onResourceUpdated: (listener: (uri: string) => void) => () => void;
}

/** Whether any resource of the context can be subscribed to. */
const subscribable = (context: SelectedContext<unknown>) =>
  [...context.resources, ...context.resourceTemplates].some((r) => r.metadata.subscribe === true);

/** The capabilities the context needs, to declare at construction. */
export function contextCapabilities(context: SelectedContext<unknown>) {
  const resources = context.resources.length + context.resourceTemplates.length > 0;
  const prompts = context.prompts.length > 0;
  return {
    ...(resources
      ? { resources: { listChanged: false, ...(subscribable(context) ? { subscribe: true } : {}) } }
      : {}),
    ...(prompts ? { prompts: { listChanged: false } } : {}),
    ...(context.prompts.length + context.resourceTemplates.length > 0 ? { completions: {} } : {}),
  };
}

function contents(uri: string, mimeType: string, body: ResourceBody) {
  if (body instanceof Uint8Array) {
    return { contents: [{ uri, mimeType, blob: Buffer.from(body).toString('base64') }] };
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  return { contents: [{ uri, mimeType, text }] };
}

function promptContent(message: PromptMessage) {
  return 'text' in message ? { type: 'text' as const, text: message.text } : message.content;
}

/** Registers the handlers on one server instance (the definitions are shared). */
export function createContextHandlers<TDeps>(options: ContextHandlerOptions<TDeps>) {
  const { context, budget } = options;
  const fail = (message: string) =>
    new JsonRpcError(ProtocolErrorCode.InvalidParams, fitErrorToBudget(message, budget));
  const templates = context.resourceTemplates.map((template) => ({
    template,
    uri: new UriTemplate(template.metadata.uriTemplate),
    definition: template.getDefinition(),
  }));
  const staticByUri = new Map(context.resources.map((r) => [r.metadata.uri, r]));
  const resourceDefinitions = context.resources.map((r) => r.getDefinition());
  const templateDefinitions = templates.map((t) => t.definition);
  const promptsByName = new Map(context.prompts.map((p) => [p.name, p]));
  const promptDefinitions = context.prompts.map((p) => p.getDefinition());
  const templatesByUri = new Map(templates.map((t) => [t.definition.uriTemplate, t.template]));
  const subscribableStatic = new Set(
    context.resources.filter((r) => r.metadata.subscribe === true).map((r) => r.metadata.uri),
  );
  const subscribableTemplates = templates.filter(({ template }) => template.metadata.subscribe === true);
  const canSubscribe = (uri: string) =>
    subscribableStatic.has(uri) || subscribableTemplates.some((t) => t.uri.match(uri) !== null);
  /** 2025-11-25 instances subscribed to each URI (a session's instance lives as long as it does). */
  const subscribers = new Map<string, Set<Server>>();
  let stopListening: (() => void) | undefined;
  const listen = () => {
    stopListening ??= options.onResourceUpdated((uri) => {
      for (const server of subscribers.get(uri) ?? []) {
        server.sendResourceUpdated({ uri }).catch(() => subscribers.get(uri)?.delete(server));
      }
    });
  };

  const prompt = (name: unknown): AnyPrompt<TDeps> => {
    const found = typeof name === 'string' ? promptsByName.get(name) : undefined;
    if (found) return found;
    const near = typeof name === 'string' ? closestMatches(name, promptsByName.keys()) : [];
    throw fail(
      `Unknown prompt "${previewValue(String(name))}".${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : ''} Call prompts/list to see the available prompts.`,
    );
  };

  const asInvalidParams = (error: unknown): never => {
    if (
      error instanceof PromptArgumentsError ||
      error instanceof ResourceParamsError ||
      error instanceof CompletionError
    ) {
      throw fail(error.message);
    }
    throw error;
  };

  return {
    /** Registers the handlers on one instance; `logger` makes the logger of one of its requests. */
    register(server: Server, logger: (extra: ServerContext) => Logger): void {
      const resourceContext = (extra: ServerContext, round?: InputRound): ResourceContext<TDeps> => {
        const { auth, deps } = options.caller(extra);
        return {
          deps,
          ...(auth ? { auth } : {}),
          signal: extra.mcpReq.signal,
          logger: logger(extra),
          ...round?.client,
        };
      };
      if (templates.length + resourceDefinitions.length > 0) {
        server.setRequestHandler('resources/list', async (_request, extra) => {
          const ctx = resourceContext(extra);
          const listed = await Promise.all(
            templates.map(async ({ template, uri, definition }) =>
              (await template.list(ctx)).map((entry) => ({
                uri: uri.expand(entry.params),
                name: `${template.name}/${Object.values(entry.params).join('/')}`,
                title: entry.title,
                ...(entry.description ? { description: entry.description } : {}),
                mimeType: definition.mimeType,
              })),
            ),
          );
          return { resources: [...resourceDefinitions, ...listed.flat()] };
        });
        server.setRequestHandler('resources/templates/list', () => ({
          resourceTemplates: templateDefinitions,
        }));
        server.setRequestHandler('resources/read', async (request, extra) => {
          const requested = request.params.uri;
          const round = options.rounds.begin(server, extra, () => `resources/read\0${requested}`);
          const fixed = staticByUri.get(requested);
          if (fixed) {
            const definition = fixed.getDefinition();
            return round.run(async () =>
              contents(requested, definition.mimeType, await fixed.read(resourceContext(extra, round))),
            );
          }
          for (const { template, uri, definition } of templates) {
            const variables = uri.match(requested);
            if (variables === null) continue;
            const params = (() => {
              try {
                return template.parseParams(variables);
              } catch (error) {
                return asInvalidParams(error);
              }
            })();
            return round.run(async () =>
              contents(
                requested,
                definition.mimeType,
                await template.read(params, resourceContext(extra, round)),
              ),
            );
          }
          throw new ResourceNotFoundError(
            requested,
            fitErrorToBudget(
              `Resource not found: ${previewValue(requested)}. Call resources/list and resources/templates/list to see what can be read (templates: ${templateDefinitions.map((t) => t.uriTemplate).join(', ') || 'none'}).`,
              budget,
            ),
          );
        });
      }
      if (subscribableStatic.size + subscribableTemplates.length > 0) {
        // 2025-11-25 only: the 2026-07-28 revision removed these methods (its clients subscribe
        // with `subscriptions/listen`, which the HTTP entry serves).
        const mine = new Set<string>();
        server.setRequestHandler('resources/subscribe', (request) => {
          const { uri } = request.params;
          if (!canSubscribe(uri)) {
            throw fail(
              `Resource "${previewValue(uri)}" cannot be subscribed to: it does not change while the server runs, or does not exist. Subscribable: ${[...subscribableStatic, ...subscribableTemplates.map((t) => t.definition.uriTemplate)].join(', ')}.`,
            );
          }
          listen();
          mine.add(uri);
          const set = subscribers.get(uri) ?? new Set<Server>();
          set.add(server);
          subscribers.set(uri, set);
          return {};
        });
        server.setRequestHandler('resources/unsubscribe', (request) => {
          const { uri } = request.params;
          mine.delete(uri);
          subscribers.get(uri)?.delete(server);
          return {};
        });
        const previous = server.onclose;
        server.onclose = () => {
          for (const uri of mine) subscribers.get(uri)?.delete(server);
          previous?.();
        };
      }
      if (promptDefinitions.length > 0) {
        server.setRequestHandler('prompts/list', () => ({ prompts: promptDefinitions }));
        server.setRequestHandler('prompts/get', async (request, extra) => {
          const found = prompt(request.params.name);
          let args;
          try {
            args = found.parseArgs(request.params.arguments ?? {});
          } catch (error) {
            return asInvalidParams(error);
          }
          const round = options.rounds.begin(
            server,
            extra,
            () => `prompts/get\0${found.name}\0${JSON.stringify(request.params.arguments ?? {})}`,
          );
          return round.run(async () => {
            const rendered = await found.render(args, resourceContext(extra, round));
            return {
              ...(rendered.description ? { description: rendered.description } : {}),
              messages: rendered.messages.map((m) => ({ role: m.role, content: promptContent(m) })),
            };
          });
        });
      }
      if (promptDefinitions.length + templates.length > 0) {
        server.setRequestHandler('completion/complete', async (request, extra) => {
          const { ref, argument } = request.params;
          const given = (request.params.context?.arguments ?? {}) as Record<string, string>;
          const ctx = resourceContext(extra);
          try {
            if (ref.type === 'ref/prompt') {
              const values = await prompt(ref.name).complete(argument.name, argument.value, ctx, given);
              return { completion: completionAnswer(values) };
            }
            const template = templatesByUri.get(ref.uri);
            if (!template) {
              throw fail(
                `Unknown resource template "${previewValue(ref.uri)}". Templates: ${[...templatesByUri.keys()].join(', ') || 'none'}.`,
              );
            }
            const values = await template.complete(argument.name, argument.value, ctx, given);
            return { completion: completionAnswer(values) };
          } catch (error) {
            return asInvalidParams(error);
          }
        });
      }
    },
  };
}
