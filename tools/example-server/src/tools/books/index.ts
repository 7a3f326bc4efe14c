/** The books tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { BookshelfDeps } from '../../deps.ts';
import { AddBookTool } from './add-book.tool.ts';
import { DeleteBookTool } from './delete-book.tool.ts';
import { ExportLibraryTool } from './export-library.tool.ts';
import { GetBookTool } from './get-book.tool.ts';
import { SearchBooksTool } from './search-books.tool.ts';
import { UpdateBookTool } from './update-book.tool.ts';

export function bookTools(): AnyTool<BookshelfDeps>[] {
  return [
    new SearchBooksTool(),
    new GetBookTool(),
    new AddBookTool(),
    new UpdateBookTool(),
    new DeleteBookTool(),
    new ExportLibraryTool(),
  ];
}
