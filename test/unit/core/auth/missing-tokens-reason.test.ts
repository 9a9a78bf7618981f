// The words for a connected user without tokens at start: one cause each, none claiming memory
// when secrets are stored.
import { describe, expect, it } from 'vitest';
import { missingTokensReason } from '../../../../src-main/core/auth/token-storage';

describe('missingTokensReason', () => {
  it('names memory only in the memory mode', () => {
    expect(
      missingTokensReason({ mode: 'memory', storeUnreadable: false, tokensStored: true }),
    ).toMatch(/kept in memory only/);
  });

  it('names an unreadable store, a sandbox that starts afresh, or tokens absent from the store', () => {
    const words = [
      missingTokensReason({ mode: 'sealed', storeUnreadable: true, tokensStored: true }),
      missingTokensReason({ mode: 'plain-file', storeUnreadable: false, tokensStored: false }),
      missingTokensReason({ mode: 'plain-file', storeUnreadable: false, tokensStored: true }),
    ];
    expect(words[0]).toMatch(/could not be read back/);
    expect(words[1]).toMatch(/starts afresh each time/);
    expect(words[2]).toMatch(/^No tokens of this user were found in the secret store/);
    for (const w of words) {
      expect(w).not.toMatch(/memory only and are gone/);
      expect(w).toMatch(/Connect again\.$/);
    }
  });
});
