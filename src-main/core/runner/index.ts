// The runner domain's face: the one module of it that another domain imports (eslint.config.js,
// domainFaces); its other files are its own. createCore builds it from those files.
// What the other domains use of it:
export { parseBodyPath } from './body-path';
export { type RunSession, type RunSessionInvoke, startRunSession } from './run-session';
