// A stand-in for the Electron preload's `window.tp`, injected before the page's scripts run, so the
// renderer's preload path (no WebSocket, errors as plain objects) runs in plain Chromium. The real
// preload is exercised where Electron can start; this checks the renderer's side of the contract.

/** The fake's fixed answers; `auth.getAppToken` rejects the way the preload does. */
export const FAKE_PRELOAD = {
  profileName: 'Preload profile',
  baseUrl: 'https://platform.example',
  tokenError: 'Refused by the preload fake (401 invalid_client).',
  version: '9.9.9-fake',
};

/** Browser-side script text: the test tsconfig has no DOM types, so it is a string. */
export function fakePreloadScript(): string {
  const f = FAKE_PRELOAD;
  const outputs = {
    'app.info': {
      version: f.version,
      dataDir: '/fake/data',
      sandboxUrl: null,
      sandboxPortTaken: null,
      secretStorage: { mode: 'sealed', explanation: 'Sealed by the fake keyring.' },
    },
    'profiles.list': {
      activeProfileId: 'p1',
      profiles: [
        {
          id: 'p1',
          name: f.profileName,
          kind: 'custom',
          baseUrl: f.baseUrl,
          clientId: 'client-1',
          hasClientSecret: true,
          redirectUri: 'http://127.0.0.1:1/callback',
          scopes: ['basic'],
          endpointUrl: '',
          managementUrl: '',
          directoryUrl: '',
        },
      ],
    },
    'auth.status': { profileId: 'p1', appToken: null, lastError: null },
    'log.list': { records: [], lastSeq: 0 },
  };
  const failure = { name: 'CommandError', code: 'http_error', message: f.tokenError };
  return `(() => {
    const outputs = ${JSON.stringify(outputs)};
    window.tp = {
      invoke(name) {
        if (name === 'auth.getAppToken') return Promise.reject(${JSON.stringify(failure)});
        if (name in outputs) return Promise.resolve(outputs[name]);
        return Promise.reject({ name: 'CommandError', code: 'unknown_command', message: 'The fake has no ' + name });
      },
      on() {
        return () => {};
      },
    };
  })();`;
}
