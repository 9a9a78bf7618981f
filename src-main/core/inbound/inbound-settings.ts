// Per-profile settings of the inbound endpoint: response control, forward targets and the RSA
// public key. Kept through host.settings (electron-store / conf), validated on read because the
// file is outside the engine's control; a value that cannot be read falls back to the defaults.
import { z } from 'zod';
import {
  ForwardSettings,
  ResponseControl,
  type InboundSettings,
  type ForwardSettings as ForwardSettingsT,
  type ResponseControl as ResponseControlT,
} from '../../../src-shared/contract';
import type { SettingsStore } from '../host-interface';

const Stored = z.object({
  response: ResponseControl.default(ResponseControl.parse({})),
  forwards: ForwardSettings.default(ForwardSettings.parse({})),
  rsaPublicKeyPem: z.string().nullable().default(null),
});
type Stored = z.infer<typeof Stored>;

const key = (profileId: string) => `inbound:${profileId}`;

export interface InboundSettingsStore {
  get(profileId: string): InboundSettings;
  setResponse(profileId: string, changes: Partial<ResponseControlT>): InboundSettings;
  setForwards(profileId: string, changes: Partial<ForwardSettingsT>): InboundSettings;
  /** `persist: false` for a key that is fetched again at every start (the sandbox's). */
  setPublicKey(
    profileId: string,
    pem: string | null,
    options?: { persist: boolean },
  ): InboundSettings;
}

export function createInboundSettings(settings: SettingsStore): InboundSettingsStore {
  // Read once per profile and kept: the receiver consults these on every delivery.
  const cache = new Map<string, Stored>();
  const transientKeys = new Map<string, string | null>();

  const load = (profileId: string): Stored => {
    let stored = cache.get(profileId);
    if (!stored) {
      const parsed = Stored.safeParse(settings.get(key(profileId)) ?? {});
      stored = parsed.success ? parsed.data : Stored.parse({});
      cache.set(profileId, stored);
    }
    return stored;
  };
  const view = (profileId: string): InboundSettings => {
    const s = load(profileId);
    const rsa = transientKeys.has(profileId) ? transientKeys.get(profileId)! : s.rsaPublicKeyPem;
    return { profileId, response: s.response, forwards: s.forwards, rsaPublicKeyPem: rsa };
  };
  const save = (profileId: string, next: Stored) => {
    cache.set(profileId, next);
    settings.set(key(profileId), next);
    return view(profileId);
  };

  return {
    get: view,
    setResponse: (profileId, changes) => {
      const s = load(profileId);
      return save(profileId, {
        ...s,
        response: ResponseControl.parse({ ...s.response, ...changes }),
      });
    },
    setForwards: (profileId, changes) => {
      const s = load(profileId);
      const next = ForwardSettings.parse({ ...s.forwards, ...changes });
      // A removed target loses its "forward unverified too": added again, it starts verified-only.
      next.forwardUnverified = next.forwardUnverified.filter((t) => next.targets.includes(t));
      return save(profileId, { ...s, forwards: next });
    },
    setPublicKey: (profileId, pem, options = { persist: true }) => {
      const value = pem && pem.trim() ? pem : null;
      if (!options.persist) {
        transientKeys.set(profileId, value);
        return view(profileId);
      }
      transientKeys.delete(profileId);
      return save(profileId, { ...load(profileId), rsaPublicKeyPem: value });
    },
  };
}
