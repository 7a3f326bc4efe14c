/** Response headers APIs use to identify a request, checked in order. */
const REQUEST_ID_HEADERS = [
  'x-request-id',
  'x-req-id',
  'request-id',
  'x-correlation-id',
  'x-amzn-requestid',
  'x-trace-id',
];

/** The server's id for this request (quote it in support tickets), when a known header carries one. */
export function requestIdOf(headers: Headers): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}
