/** The one list of Bookshelf tools. Listing and dispatch both come from the registry built from it. */
import { AddBookTool } from './books/add-book.tool.ts';
import { DeleteBookTool } from './books/delete-book.tool.ts';
import { ExportLibraryTool } from './books/export-library.tool.ts';
import { GetBookTool } from './books/get-book.tool.ts';
import { SearchBooksTool } from './books/search-books.tool.ts';
import { UpdateBookTool } from './books/update-book.tool.ts';
import { PingTool } from './meta/ping.tool.ts';

export function createTools() {
  return [
    new SearchBooksTool(),
    new GetBookTool(),
    new AddBookTool(),
    new UpdateBookTool(),
    new DeleteBookTool(),
    new ExportLibraryTool(),
    new PingTool(),
  ];
}
