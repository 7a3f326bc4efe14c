export {
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type HttpMethod,
  type HttpRequestOptions,
  type HttpResponse,
  type HttpRetryOptions,
  type HttpShorthandOptions,
} from './http-client.ts';
export { defaultParseApiError, type ParseApiError, type ParsedApiError } from './api-error-body.ts';
export type { HttpApiError } from './map-http-error.ts';
export type { ResponseType } from './parse-response.ts';
export type { Query, QueryScalar, QueryValue } from './request-url.ts';
export {
  apiClientTuning,
  apiRequest,
  type ApiClientSettings,
  type ApiRequest,
} from './api-client-settings.ts';
export { readCappedBody, type CappedBody } from './read-capped-body.ts';
export { isNonPublicAddress, normalizeHost } from './public-address.ts';
