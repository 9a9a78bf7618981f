// The version shown in app.info. Bundled from package.json at build time, so the built host needs
// no package.json next to it.
import packageJson from '../../package.json';

export const APP_VERSION: string = packageJson.version;
