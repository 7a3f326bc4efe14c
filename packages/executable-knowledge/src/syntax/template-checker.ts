/**
 * Checks `{{use-tool:…}}` calls against real tool definitions: the tool resolves, the command
 * exists, the arguments carry the command's required args, and — when the tool has executable
 * knowledge — its validators accept them. Every problem is reported at the call's position.
 */
import { closestMatches, ToolsmithError } from '@toolsmith/core';
import { describeIssue } from '../runtime/tool-validation-helper.ts';
import type { ToolResolver } from '../resolver/tool-resolver.ts';
import { validateTemplate, type TemplateProblem, type ToolCallSegment } from './use-tool-template.ts';

export function createTemplateChecker(resolver: ToolResolver) {
  return async (call: ToolCallSegment): Promise<string[]> => {
    let tool;
    try {
      tool = await resolver.resolve(call.toolId);
    } catch (error) {
      return [ToolsmithError.isInstance(error) ? error.message : String(error)];
    }
    const names = tool.definition.commands.map((c) => c.name);
    const command = tool.definition.commands.find((c) => c.name === call.command);
    if (!command) {
      const near = closestMatches(call.command, names);
      return [
        `Tool "${call.toolId}" has no command "${call.command}".${near.length ? ` Did you mean "${near[0]}"?` : ''} Commands: ${names.join(', ')}.`,
      ];
    }
    const args =
      call.args !== null && typeof call.args === 'object' && !Array.isArray(call.args)
        ? (call.args as Record<string, unknown>)
        : undefined;
    if (!args) return [`The arguments of ${call.toolId}:${call.command} must be a JSON object.`];
    const problems = command.requiredArgs
      .filter((name) => args[name] === undefined)
      .map((name) => `${call.toolId}:${call.command} needs "${name}".`);
    if (problems.length === 0 && tool.validator && command.validation.length > 0) {
      const result = await tool.validator.validate(call.command, args);
      problems.push(...result.errors.map((e) => `${e.field || '(input)'}: ${describeIssue(e)}`));
    }
    return problems;
  };
}

/** `validateTemplate` with the resolver's tools: every problem with its line and column. */
export function validateTemplateWithTools(text: string, resolver: ToolResolver): Promise<TemplateProblem[]> {
  return validateTemplate(text, createTemplateChecker(resolver));
}
