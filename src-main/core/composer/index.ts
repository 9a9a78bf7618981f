// The composer domain's face: the one module of it that another domain imports (eslint.config.js,
// domainFaces); its other files are its own. createCore builds it from those files.
// What the other domains use of it:
export { type ComposerSent, createComposerService } from './composer-service';
export { curlCommand } from './export-curl';
export { heldCredentials } from './held-credentials';
export { type RecordRequestDeps, apiRecordOf, composerRequestOfRecord } from './record-request';
export { resolveFile } from './resolve-file';
export { searchJournal } from './search';
