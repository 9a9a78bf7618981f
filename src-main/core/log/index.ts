// The log domain's face: the one module of it that another domain imports (eslint.config.js,
// domainFaces); its other files are its own. createCore builds it from those files.
// What the other domains use of it:
export { harDocument } from './har-entry';
export { isoNow } from './iso-now';
export type { Journal, NewRecord } from './journal';
export { type IndexColumns, KINDS, messageKey } from './journal-index';
export { decodeUtf8, toRawBody } from './raw-body';
export { type Redactor, SECRET_PARAM_NAMES, redactValue } from './redact';
export { records } from './session-export';
