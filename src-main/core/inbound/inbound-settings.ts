// Per-profile settings of the inbound endpoint: response control, forward targets and the RSA
// public key. Kept through host.settings (electron-store / conf), validated on read because the
// file is outside the engine's control; a value that cannot be read falls back to the defaults.
// A run may lay its own set-up over them (collection.yaml's or a scenario's `inbound`): that layer
// lives in memory only, so the saved settings stay the person's even if the app dies mid-run.
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

/** What a run sets over the profile's settings: only the fields it names change. */
export interface RunInboundLayer {
  response?: Partial<ResponseControlT>;
  forwards?: Partial<ForwardSettingsT>;
}

/** A run's layer as it is laid: with what it does in words, which the Inbound tab shows. */
type LaidLayer = RunInboundLayer & { words: string };

export interface InboundSettingsStore {
  /** The settings in force: the profile's own, with a run's layer over them while it runs. */
  get(profileId: string): InboundSettings;
  /**
   * The profile's own settings, without a run's layer: what the Inbound tab shows and edits, so
   * an edit made during a run never saves the run's set-up as the person's.
   */
  own(profileId: string): InboundSettings;
  /** A run's set-up over the profile's settings (null: the profile's own again); never saved. */
  setRunLayer(profileId: string, layer: LaidLayer | null): void;
  /** Hears each profile's run set-up laid (its words) or taken off (null). */
  onRunSetup(listener: (profileId: string, words: string | null) => void): () => void;
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
  const runLayers = new Map<string, LaidLayer>();
  const runSetupListeners = new Set<(profileId: string, words: string | null) => void>();

  const load = (profileId: string): Stored => {
    let stored = cache.get(profileId);
    if (!stored) {
      const parsed = Stored.safeParse(settings.get(key(profileId)) ?? {});
      stored = parsed.success ? parsed.data : Stored.parse({});
      cache.set(profileId, stored);
    }
    return stored;
  };
  const view = (profileId: string, layered = true): InboundSettings => {
    const s = load(profileId);
    const rsa = transientKeys.has(profileId) ? transientKeys.get(profileId)! : s.rsaPublicKeyPem;
    const layer = runLayers.get(profileId);
    if (!layer || !layered) {
      // A literal of one shape: the receiver reads this on every delivery.
      const own: InboundSettings = {
        profileId,
        response: s.response,
        forwards: s.forwards,
        rsaPublicKeyPem: rsa,
      };
      if (layer) own.runSetup = layer.words;
      return own;
    }
    return {
      profileId,
      response: { ...s.response, ...layer.response },
      forwards: { ...s.forwards, ...layer.forwards },
      rsaPublicKeyPem: rsa,
      runSetup: layer.words,
    };
  };
  const save = (profileId: string, next: Stored) => {
    cache.set(profileId, next);
    settings.set(key(profileId), next);
    return view(profileId, false);
  };

  return {
    get: (profileId) => view(profileId),
    own: (profileId) => view(profileId, false),
    setRunLayer: (profileId, layer) => {
      if (layer) runLayers.set(profileId, layer);
      else runLayers.delete(profileId);
      for (const listener of runSetupListeners) listener(profileId, layer?.words ?? null);
    },
    onRunSetup: (listener) => {
      runSetupListeners.add(listener);
      return () => runSetupListeners.delete(listener);
    },
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
        return view(profileId, false);
      }
      transientKeys.delete(profileId);
      return save(profileId, { ...load(profileId), rsaPublicKeyPem: value });
    },
  };
}
