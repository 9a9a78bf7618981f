// The tunnel's saved settings (server host, subdomain, own public URL), read back through zod:
// the settings file is a trust boundary (hand edits, older versions).
import { z } from 'zod';
import type { SettingsStore } from '../host-interface';

const SETTINGS_TUNNEL = 'tunnel';
const DEFAULT_TUNNEL_HOST = 'https://localtunnel.me';

export const StoredTunnelSettings = z.object({
  host: z.string().default(DEFAULT_TUNNEL_HOST),
  subdomain: z.string().default(''),
  ownUrl: z.string().default(''),
});
export type StoredTunnelSettings = z.infer<typeof StoredTunnelSettings>;

export function loadTunnelSettings(settings: SettingsStore): {
  value: StoredTunnelSettings;
  warning?: string;
} {
  const raw = settings.get(SETTINGS_TUNNEL);
  const parsed = StoredTunnelSettings.safeParse(raw ?? {});
  if (parsed.success) return { value: parsed.data };
  return {
    value: StoredTunnelSettings.parse({}),
    warning: 'The saved tunnel settings could not be read; the defaults are used.',
  };
}

export function saveTunnelSettings(settings: SettingsStore, value: StoredTunnelSettings) {
  settings.set(SETTINGS_TUNNEL, value);
}
