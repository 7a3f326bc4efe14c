/**
 * A JSON-RPC error raised by a request handler. The SDK sends a thrown error's `code` and `message`
 * as they are; its own McpError puts "MCP error <code>: " into the message, and the client's McpError
 * adds that prefix again — so the client would read it twice. This one carries the bare message.
 */
export class JsonRpcError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'JsonRpcError';
    this.code = code;
  }
}
