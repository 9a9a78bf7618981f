// The api domain's face: the one module of it that another domain imports (eslint.config.js,
// domainFaces); its other files are its own. createCore builds it from those files.
// What the other domains use of it:
export { type ApiClient, createAppClient, sendAuthorized } from './api-client';
export { type HttpResult, type OutgoingRequest, describeNetworkError } from './http-client';
export { platformUrl } from './platform-url';
export { describeHttpFailure, parseJsonObject } from './response-reading';
export { type ExchangeDeps, sendExchange, sendExchangeAs } from './send-exchange';
export { assertSecretTransport, isLoopbackHost } from './transport-policy';
