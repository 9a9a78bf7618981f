// The one way a client secret leaves the engine for the window: the embedded sandbox's own, asked
// for by a person (Show or Copy in the Simulator's App registration) so they can sign in a handler
// of their own. It is a test credential valid only against that local sandbox (docs/security.md,
// Where secrets can and cannot appear); any other profile's secret stays write-only.
import { CommandError } from '../../../src-shared/contract';
import type { Profile } from './profile-store';

export function revealSandboxSecret(profile: Profile): { clientSecret: string } {
  if (profile.kind !== 'sandbox') {
    throw new CommandError({
      code: 'forbidden',
      message: `The client secret of "${profile.name}" is write-only: TP Inspector never shows it. Only the embedded sandbox's profile shows its own test secret; for this profile, read the secret where the app was registered.`,
    });
  }
  if (!profile.clientSecret) {
    throw new CommandError({
      code: 'not_found',
      message:
        'The sandbox profile has no client secret yet: the embedded sandbox has not started. Wait for it (the header says when it runs), then try again.',
    });
  }
  return { clientSecret: profile.clientSecret };
}
