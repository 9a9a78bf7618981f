// The secrets domain's face: the one module of it that another domain imports (eslint.config.js,
// domainFaces); its other files are its own. createCore builds it from those files.
// What the other domains use of it:
export { type SecretStorageMode, type SecretVault, loadStoredSecrets } from './secret-vault';
