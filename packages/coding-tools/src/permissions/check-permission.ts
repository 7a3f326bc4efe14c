/**
 * Applies the session's permission rules to one call, before it has any effect: deny refuses; ask
 * asks the user — the session's `askUser` handler (a CLI, a UI, `runAgent`'s consumer), else MCP
 * elicitation when the client supports it — and refuses, saying why, when no one can be asked. "Allow
 * for this session" is remembered for that tool and subject until the session ends.
 */
import { ToolsmithError, type ToolContext } from '@toolsmith/core';
import type { CodingToolsDeps } from '../session/coding-session.ts';
import type { PermissionDecision } from './permission-rules.ts';

/** A call the permission rules stopped: nothing was done. */
export class PermissionDeniedError extends ToolsmithError {
  constructor(message: string) {
    super({ code: 'permission_denied', message, userFacing: true });
    this.name = 'PermissionDeniedError';
  }
}

const ALLOW_ONCE = 'allow once';
const ALLOW_SESSION = 'allow for this session';
const DENY = 'deny';

/** `Bash: git push origin main` — what the user is asked about, in a line. */
function describe(tool: string, decision: PermissionDecision): string {
  return decision.subject === undefined ? tool : `${tool}: ${decision.subject}`;
}

function because(decision: PermissionDecision, defaultMode: string): string {
  if (decision.opaque) {
    return 'the command runs a command substitution or subshell ($(…), `…`, ( … )) the rules cannot see into';
  }
  return decision.rule ? `rule ${decision.action} "${decision.rule.text}"` : `defaultMode "${defaultMode}"`;
}

export async function checkPermission(
  tool: string,
  subjects: readonly string[],
  ctx: ToolContext<CodingToolsDeps>,
): Promise<void> {
  const { session } = ctx.deps;
  const rules = session.permissions;
  if (!rules?.active) return;
  const decision = rules.decide(tool, subjects);
  if (decision.action === 'allow') return;
  const what = describe(tool, decision);
  const why = because(decision, rules.defaultMode);
  if (decision.action === 'deny') {
    throw new PermissionDeniedError(
      `${what} is not allowed (${why}); nothing was done. Do it another way, or ask the user to change the permission rules.`,
    );
  }
  const remembered = `${tool}\u0000${decision.subject ?? ''}`;
  if (session.permissionGrants.has(remembered)) return;

  const question = `Allow ${what}? (${why})`;
  const handler = session.options.askUser;
  let answer: string | undefined;
  if (handler) {
    answer = (await handler({ question, options: [ALLOW_ONCE, ALLOW_SESSION, DENY] }, ctx.signal))
      .trim()
      .toLowerCase();
  } else if (ctx.elicit) {
    const result = await ctx.elicit({
      message: question,
      requestedSchema: {
        type: 'object',
        properties: {
          decision: { type: 'string', title: 'Decision', enum: [ALLOW_ONCE, ALLOW_SESSION, DENY] },
        },
        required: ['decision'],
      },
    });
    answer = result.action === 'accept' ? String(result.content.decision ?? '').toLowerCase() : result.action;
  } else {
    throw new PermissionDeniedError(
      `${what} needs the user's approval (${why}), and this client cannot ask the user (no elicitation); nothing was done. Ask the user to allow it in the permission rules, or do it another way.`,
    );
  }
  if (answer === ALLOW_SESSION) {
    session.permissionGrants.add(remembered);
    return;
  }
  if (answer === ALLOW_ONCE || answer === 'allow' || answer === 'yes' || answer === 'y') return;
  throw new PermissionDeniedError(
    `The user did not allow ${what} (answer: ${answer === '' ? 'none' : answer}); nothing was done. Do not retry it; ask the user what to do instead.`,
  );
}
