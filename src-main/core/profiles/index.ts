// The profiles domain's face: the one module of it that another domain imports (eslint.config.js,
// domainFaces); its other files are its own. createCore builds it from those files.
// What the other domains use of it:
export {
  type Profile,
  type ProfileStore,
  SANDBOX_PROFILE_ID,
  clientSecretKey,
} from './profile-store';
