// Which tokens are stored at rest, and what to tell a person whose user has none after a restart.
import type { EmbeddedSandbox } from '../host-interface';
import { SANDBOX_PROFILE_ID } from '../profiles';
import type { SecretStorageMode } from '../secrets';

/**
 * Whether a profile's tokens go to the vault's storage (the keyring, or the file the person
 * allowed) rather than memory only. Every profile's do, and the embedded sandbox's too when it
 * keeps its own state across restarts, as the app's hosts start it (so its tokens still answer).
 * The command line's sandbox starts afresh each time: tokens it issued would only be refused later.
 */
export function tokensOutliveRestart(
  sandbox: Pick<EmbeddedSandbox, 'keepsState'> | undefined,
): (profileId: string) => boolean {
  const sandboxKeepsState = sandbox?.keepsState === true;
  return (profileId) => profileId !== SANDBOX_PROFILE_ID || sandboxKeepsState;
}

interface MissingTokensContext {
  /** How the vault keeps secrets in this run. */
  mode: SecretStorageMode;
  /** Whether the vault could not read back some of what was stored (vault.unreadable). */
  storeUnreadable: boolean;
  /** Whether this profile's tokens are stored at rest in this run (tokensOutliveRestart). */
  tokensStored: boolean;
}

/**
 * Why a user that was connected has no tokens at the start of this run, in words that are true of
 * this run: "kept in memory only" only when secrets really are kept in memory only.
 */
export function missingTokensReason({
  mode,
  storeUnreadable,
  tokensStored,
}: MissingTokensContext): string {
  if (mode === 'memory') {
    return 'The tokens of this user were kept in memory only and are gone since the restart. Connect again.';
  }
  if (storeUnreadable) {
    return 'The stored tokens could not be read back (the OS keyring changed, or the secrets file is damaged). Connect again.';
  }
  if (!tokensStored) {
    return "This sandbox starts afresh each time and its tokens are not stored, so this user's tokens are not here. Connect again.";
  }
  return "No tokens of this user were found in the secret store: they were not stored (an earlier version kept the sandbox's tokens in memory only) or were removed from it. Connect again.";
}
