// A path on the profile's platform (the API, /tp/token, /tp/authorize): one place for the base URL's
// trailing slashes, used by the API client and the auth flows alike.
import type { Profile } from '../profiles';

export function platformUrl(profile: Pick<Profile, 'baseUrl'>, path: string): string {
  return `${profile.baseUrl.replace(/\/+$/, '')}${path}`;
}
