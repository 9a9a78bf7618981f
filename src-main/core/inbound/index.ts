// The inbound domain's face: the one module of it that another domain imports (eslint.config.js,
// domainFaces); its other files are its own. createCore builds it from those files.
// What the other domains use of it:
export { type InboundService, defaultPaths } from './inbound-service';
export type { RunInboundLayer } from './inbound-settings';
export { HEALTH_ANSWER, HEALTH_PREFIX } from './receiver';
