// The endpoint-check domain's face: the one module of it that another domain imports (eslint.config.js,
// domainFaces); its other files are its own. createCore builds it from those files.
// What the other domains use of it:
export { type CertificateVerdict, probeCertificate } from './certificate';
export { contractChecks } from './checks-contract';
export { loadChecks } from './checks-load';
export { type EndpointCheckWithin, runEndpointCheck, signingFor } from './run-check';
export { groupEventSamples, messageSamples, newMessageId } from './sample-deliveries';
export { selectChecks } from './select-checks';
