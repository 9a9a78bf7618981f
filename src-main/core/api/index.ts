// The api domain's face: the one module of it that another domain imports (eslint.config.js,
// domainFaces); its other files are its own. createCore builds it from those files.
// What the other domains use of it:
export { type ApiClient, isInvalidToken, sendAuthorized } from './api-client';
export { type OutgoingRequest, describeNetworkError, sendHttp } from './http-client';
export { platformUrl } from './platform-url';
export { exchangeOf, recordExchange } from './record-exchange';
export { describeHttpFailure, parseJsonObject } from './response-reading';
export { assertSecretTransport, isLoopbackHost } from './transport-policy';
