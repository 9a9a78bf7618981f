// The sandbox platform: an HTTP server on loopback that behaves as the API document and
// docs/sandbox.md say, plus the simulator API that plays the platform's users.
import type { AddressInfo } from 'node:net';
import { SEED_ROOMS, SEED_USERS, SandboxConfigSchema, buildApps } from './config';
import type { SandboxContext } from './context';
import { PLATFORM_DELIVERY_DEADLINE_MS } from '../../src-shared/rules/delivery-deadline';
import { Deliveries } from './deliveries/queue';
import { Signer } from './deliveries/sign';
import { RateLimiter } from './rate-limit';
import { createSandboxServer } from './server';
import { createRoom } from './simulator/groups';
import { loadState, saveState } from './state/persist';
import { createStateWriter } from './state/state-writer';
import { Store } from './state/store';
import type { RunningSandbox, SandboxOptions } from './types';
import { selfSignedCertificate } from './tls/self-signed';
import { createUser } from './users';

export type { RunningSandbox, SandboxApp, SandboxOptions } from './types';

function seed(ctx: SandboxContext, options: SandboxOptions): void {
  if (options.users === undefined) {
    const users = SEED_USERS.map((u) => createUser(ctx.store, ctx.baseUrl, u));
    for (const r of SEED_ROOMS) {
      createRoom(ctx, {
        subject: r.subject,
        created_by: users[r.created_by]?.id ?? '',
        occupants: r.occupants.map((i) => users[i]?.id ?? ''),
      });
    }
    return;
  }
  for (const u of options.users) createUser(ctx.store, ctx.baseUrl, u);
  for (const r of options.rooms ?? []) createRoom(ctx, r);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const { port, state_file: stateFile, https, signing_key_pem: signingKeyPem, ...rest } = options;
  const config = SandboxConfigSchema.parse(rest);
  const store = new Store(config.platform_domain ?? 'platform.test');
  const signer = new Signer(store);
  const deliverySettings = {
    retryDelaysMs: config.delivery?.retry_delays_ms ?? [1000, 2000, 4000, 8000],
    timeoutMs: config.delivery?.timeout_ms ?? PLATFORM_DELIVERY_DEADLINE_MS,
  };
  const state = stateFile
    ? createStateWriter(store, stateFile, {
        onError: (err) => console.error(`sandbox: could not write the state to ${stateFile}`, err),
      })
    : undefined;
  const ctx: SandboxContext = {
    store,
    baseUrl: '',
    maxFileBytes: config.max_file_bytes ?? 25 * 1024 * 1024,
    otpLifetimeMs: (config.otp_lifetime ?? 600) * 1000,
    rateLimiter: new RateLimiter(),
    deliveries: new Deliveries(store, signer, deliverySettings, () => state?.changed()),
    deliverySettings,
    state,
  };
  let internalErrors = 0;
  const tls = https ? selfSignedCertificate() : undefined;
  const server = createSandboxServer(
    ctx,
    signer,
    {
      onInternalError: (err) => {
        internalErrors += 1;
        console.error('sandbox: unexpected error', err);
      },
    },
    tls,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port ?? 0, '127.0.0.1', () => resolve());
  });
  ctx.baseUrl = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const loaded = stateFile ? await loadState(store, stateFile) : false;
  if (!loaded) {
    store.apps = buildApps(config);
    seed(ctx, options);
    // The seeded users and the app's new secret are in the file from the start, not only once
    // something changes: a crash before then must not bring other user ids back.
    await state?.save();
  }
  if (signingKeyPem) store.rsaPrivateKeyPem = signingKeyPem;
  return {
    baseUrl: ctx.baseUrl,
    apps: store.apps,
    platformDomain: store.platformDomain,
    certificatePem: tls?.certPem ?? null,
    stateFile: stateFile ?? null,
    saveState: async (file?: string) => {
      if (state) return state.save(file);
      if (!file) throw new Error('No state file: pass one, or start with state_file.');
      await saveState(store, file);
    },
    signingKeyPem: () => signer.privateKeyPem(),
    internalErrors: () => internalErrors,
    close: async () => {
      ctx.deliveries.close();
      await state?.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
