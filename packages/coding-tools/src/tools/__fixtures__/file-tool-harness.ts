/**
 * Test harness for the file tools: a real temporary project (a `project/` root with an `outside/`
 * sibling for escape tests), a session on it, and a helper that runs a tool through BaseTool.run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { noProgress, silentLogger, type BaseTool, type ToolContext } from '@toolsmith/core';
import {
  CodingSession,
  type CodingSessionOptions,
  type CodingToolsDeps,
} from '../../session/coding-session.ts';

export interface TempProject {
  /** The temp folder holding `project/` and `outside/`. */
  base: string;
  /** The session root (real path). */
  root: string;
  /** A folder next to the root, outside it. */
  outside: string;
  session: CodingSession;
  /** Writes a file under the root (parents created); returns its absolute path. */
  write(relative: string, content: string | Uint8Array): string;
  /** Absolute path of a file under the root. */
  file(relative: string): string;
  cleanup(): void;
}

export function createTempProject(options: Omit<CodingSessionOptions, 'root'> = {}): TempProject {
  const base = mkdtempSync(path.join(tmpdir(), 'file-tools-'));
  mkdirSync(path.join(base, 'project'));
  mkdirSync(path.join(base, 'outside'));
  // The errors after edits have their own tests (src/tools/lsp/edit-diagnostics.test.ts): off here,
  // so these tests see the tools' own answers and start no language server.
  const session = new CodingSession({
    diagnosticsAfterEdit: false,
    ...options,
    root: path.join(base, 'project'),
  });
  const file = (relative: string) => path.join(session.root, relative);
  return {
    base,
    root: session.root,
    outside: path.join(base, 'outside'),
    session,
    file,
    write(relative, content) {
      const target = file(relative);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, content);
      return target;
    },
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}

export interface ToolOutcome {
  text: string;
  isError: boolean;
}

/** Runs `tool` with `args` through BaseTool.run (validation, execute, budget, error classification). */
export async function runTool(
  tool: BaseTool<CodingToolsDeps>,
  project: TempProject,
  args: unknown,
  signal: AbortSignal = new AbortController().signal,
): Promise<ToolOutcome> {
  const ctx: ToolContext<CodingToolsDeps> = {
    deps: { session: project.session },
    signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: tool.name,
  };
  const result = await tool.run(args, ctx);
  return {
    text: result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n'),
    isError: result.isError === true,
  };
}
