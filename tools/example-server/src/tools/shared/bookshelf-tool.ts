/**
 * The base of every Bookshelf tool: core's BaseTool (parsing, the guarded path, `fields` projection,
 * the output budget, error conversion) over the Bookshelf deps. What every tool of a server does the
 * same way goes in its base class: its guard policy, a check before any call (beforeExecute), the
 * API's errors made into recovery text (translateError). Bookshelf needs none of them yet.
 */
import { BaseTool, type AnyZodObject, type ParamsDeclaration } from '@toolsmith/core';
import type { BookshelfDeps } from '../../deps.ts';

export abstract class BookshelfTool<
  TParams extends ParamsDeclaration = AnyZodObject,
  TOutput = unknown,
> extends BaseTool<BookshelfDeps, TParams, TOutput> {}
