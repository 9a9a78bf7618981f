// Wires the receiver to the profiles: which path belongs to which profile, and what serves it.
// For the embedded sandbox, the app's registration is pointed at the receiver at start, so that
// everything the sandbox's users do reaches the app with no setup.
import type { InboundStatus } from '../contract';
import type { CoreHost } from '../host';
import type { Journal } from '../log/journal';
import type { OtpService } from '../auth/otp';
import { SANDBOX_PROFILE_ID, type ProfileStore } from '../profiles/profile-store';
import { pathOf, sendText, startReceiver, type InboundRoute, type Receiver } from './receiver';

export const DEFAULT_INBOUND_PORT = 5875;

export const defaultPaths = (profileId: string) => ({
  endpoint: `/hooks/${profileId}`,
  management: `/hooks/${profileId}/manage`,
  directory: `/hooks/${profileId}/directory`,
});

export interface InboundService {
  status(profileId: string): InboundStatus;
  close(): Promise<void>;
}

interface Deps {
  host: CoreHost;
  profiles: ProfileStore;
  otp: OtpService;
  journal: Journal;
  port: number;
}

export async function startInbound({
  host,
  profiles,
  otp,
  journal,
  port,
}: Deps): Promise<InboundService> {
  const route = (pathname: string): InboundRoute | null => {
    for (const { id } of profiles.state().profiles) {
      const profile = profiles.get(id)!;
      const defaults = defaultPaths(id);
      if (pathname === pathOf(profile.managementUrl) || pathname === defaults.management) {
        return { profile, target: 'management' };
      }
      if (pathname === pathOf(profile.directoryUrl) || pathname === defaults.directory) {
        return { profile, target: 'directory' };
      }
      if (pathname === pathOf(profile.endpointUrl) || pathname === defaults.endpoint) {
        return { profile, target: 'endpoint' };
      }
    }
    return null;
  };

  const receiver: Receiver = await startReceiver(port, {
    route,
    async handle({ profile, target }, req, res, url) {
      if (target === 'endpoint') {
        sendText(res, 404, 'Deliveries are not captured yet in this version of TP Inspector.');
        return;
      }
      await otp.handle(profile, target, req, res, url);
    },
  });

  const suggested = (profileId: string) => {
    const d = defaultPaths(profileId);
    return {
      endpointUrl: `${receiver.baseUrl}${d.endpoint}`,
      managementUrl: `${receiver.baseUrl}${d.management}`,
      directoryUrl: `${receiver.baseUrl}${d.directory}`,
    };
  };

  if (host.sandbox)
    await pointSandboxAtReceiver(host, profiles, journal, suggested(SANDBOX_PROFILE_ID));

  return {
    status: (profileId) => ({ baseUrl: receiver.baseUrl, suggested: suggested(profileId) }),
    close: () => receiver.close(),
  };
}

async function pointSandboxAtReceiver(
  host: CoreHost,
  profiles: ProfileStore,
  journal: Journal,
  urls: { managementUrl: string; directoryUrl: string },
) {
  const sandbox = host.sandbox!;
  const body = { management_url: urls.managementUrl, directory_url: urls.directoryUrl };
  try {
    const res = await fetch(
      `${sandbox.baseUrl}/_sandbox/apps/${encodeURIComponent(sandbox.app.clientId)}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
    profiles.syncSandbox({ managementUrl: urls.managementUrl, directoryUrl: urls.directoryUrl });
  } catch (err) {
    journal.append({
      kind: 'system',
      summary: 'The sandbox app could not be pointed at the inbound endpoint',
      system: {
        level: 'warn',
        message: `The sandbox app's management and directory URLs could not be set to the inbound endpoint (${String(err)}). One-time passwords from the sandbox will not reach TP Inspector.`,
      },
    });
  }
}
