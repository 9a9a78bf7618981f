// The simulator panel's rules: what a save of the registration form sends (only what changed, in
// the contract's shape) and what it refuses to send, in words; and when the panel reads the
// sandbox's deliveries again on its own (only while the sandbox is still retrying one).
import { describe, expect, it } from 'vitest';
import type { SimApp, SimDelivery } from '../../../../src-shared/contract';
import {
  PENDING_POLL_MS,
  changeWords,
  changesOf,
  followUpDelay,
  formOf,
} from '../../../../src-shared/rules/panel-rules';

const app: SimApp = {
  clientId: 'acme-orders',
  name: 'Acme Orders',
  redirectUri: 'http://127.0.0.1:47615/callback',
  scopes: ['basic', 'user_phone'],
  endpointUrl: 'http://127.0.0.1:5875/hooks/sandbox',
  managementUrl: 'http://127.0.0.1:5875/hooks/sandbox/manage',
  directoryUrl: 'http://127.0.0.1:5875/hooks/sandbox/directory',
  signatureMethod: 'HMAC-SHA256',
  tokenLifetime: 36000,
  rateLimit: { count: 10_000_000, windowS: 86_400 },
  rotateRefreshTokens: true,
  repeatRefreshToken: true,
};

describe('the registration form', () => {
  it('sends nothing for the registration as it is', () => {
    expect(changesOf(app, formOf(app))).toEqual({ changes: {}, problems: [] });
  });

  it('sends only the fields that changed, numbers as numbers, scopes in catalog order', () => {
    const form = {
      ...formOf(app),
      scopes: ['user_phone'],
      signatureMethod: 'RSA-SHA256',
      tokenLifetime: ' 5 ',
      rateCount: '5',
      rateWindow: '10',
      endpointUrl: ' http://127.0.0.1:9/elsewhere ',
    };
    const { changes, problems } = changesOf(app, form);
    expect(problems).toEqual([]);
    expect(changes).toEqual({
      scopes: ['user_phone'],
      endpointUrl: 'http://127.0.0.1:9/elsewhere',
      signatureMethod: 'RSA-SHA256',
      tokenLifetime: 5,
      rateLimit: { count: 5, windowS: 10 },
    });
    expect(changeWords(changes)).toBe(
      'scopes, endpoint URL, signature method, token lifetime, rate limit',
    );
    // Both scopes ticked in another order are the registration's scopes: no change.
    expect(changesOf(app, { ...formOf(app), scopes: ['user_phone', 'basic'] }).changes).toEqual({});
  });

  it('shows the refresh-token settings as registered and sends them as booleans when changed', () => {
    expect(formOf(app)).toMatchObject({ rotateRefreshTokens: true, repeatRefreshToken: true });
    const noRotation = { ...app, rotateRefreshTokens: false, repeatRefreshToken: false };
    expect(formOf(noRotation)).toMatchObject({
      rotateRefreshTokens: false,
      repeatRefreshToken: false,
    });
    expect(changesOf(noRotation, formOf(noRotation)).changes).toEqual({});

    const { changes, problems } = changesOf(app, {
      ...formOf(app),
      tokenLifetime: '60',
      rotateRefreshTokens: false,
      repeatRefreshToken: false,
    });
    expect(problems).toEqual([]);
    expect(changes).toEqual({
      tokenLifetime: 60,
      rotateRefreshTokens: false,
      repeatRefreshToken: false,
    });
    expect(changeWords(changes)).toBe(
      'token lifetime, refresh token rotation, repeating the unchanged refresh token',
    );
    // Only the one that differs: rotation back on, the repeat left as registered.
    expect(changesOf(noRotation, { ...formOf(noRotation), rotateRefreshTokens: true })).toEqual({
      changes: { rotateRefreshTokens: true },
      problems: [],
    });
  });

  it('sends the whole rate limit when only one of its numbers changed', () => {
    expect(changesOf(app, { ...formOf(app), rateWindow: '60' }).changes).toEqual({
      rateLimit: { count: 10_000_000, windowS: 60 },
    });
  });

  it('sends an http(s) URL, or an empty one (that URL not used: nothing is sent there)', () => {
    expect(changesOf(app, { ...formOf(app), endpointUrl: '' })).toEqual({
      changes: { endpointUrl: '' },
      problems: [],
    });
    expect(
      changesOf(app, { ...formOf(app), directoryUrl: 'https://hooks.example.com/dir?x=1' }),
    ).toEqual({ changes: { directoryUrl: 'https://hooks.example.com/dir?x=1' }, problems: [] });
  });

  it('says in words which URLs the sandbox would refuse, and sends none of them', () => {
    const { changes, problems } = changesOf(app, {
      ...formOf(app),
      endpointUrl: 'not a url',
      managementUrl: 'ftp://x',
      directoryUrl: 'http://',
      rateWindow: '60',
    });
    expect(changes).toEqual({ rateLimit: { count: 10_000_000, windowS: 60 } });
    expect(problems).toEqual([
      {
        field: 'endpointUrl',
        message: 'The endpoint URL must be an http:// or https:// URL, or empty.',
      },
      {
        field: 'managementUrl',
        message: 'The management URL must be an http:// or https:// URL, or empty.',
      },
      {
        field: 'directoryUrl',
        message: 'The directory URL must be an http:// or https:// URL, or empty.',
      },
    ]);
    // What the sandbox refuses that a URL parser would take: a space, an upper-case scheme.
    for (const url of ['http://a b', 'HTTP://example.com', 'mailto:a@b.c', 'example.com/hook']) {
      expect(changesOf(app, { ...formOf(app), endpointUrl: url }).problems).toHaveLength(1);
    }
  });

  it('says in words which numbers cannot be sent, and sends none of them', () => {
    const { changes, problems } = changesOf(app, {
      ...formOf(app),
      tokenLifetime: 'ten',
      rateCount: '0',
      rateWindow: '10000001',
    });
    expect(changes).toEqual({});
    expect(problems).toEqual([
      {
        field: 'tokenLifetime',
        message: 'The token lifetime must be a whole number of 1 or more.',
      },
      { field: 'rateCount', message: 'The rate limit count must be between 1 and 1,000,000,000.' },
      { field: 'rateWindow', message: 'The rate limit window must be between 1 and 10,000,000.' },
    ]);
    expect(changesOf(app, { ...formOf(app), tokenLifetime: '1.5' }).problems).toHaveLength(1);
  });

  it('refuses a signature method the sandbox does not know', () => {
    const { changes, problems } = changesOf(app, { ...formOf(app), signatureMethod: 'MD5' });
    expect(changes).toEqual({});
    expect(problems).toEqual([{ field: 'signatureMethod', message: 'Pick a signature method.' }]);
  });
});

const delivery = (status: string): SimDelivery => ({
  id: 'dq2w3e4r5t6y7',
  type: 'text',
  url: 'http://127.0.0.1:5875/hooks/sandbox',
  status,
  createdAt: '2025-01-01T10:00:00.000Z',
  signatureMethod: 'HMAC-SHA256',
  data: '{}',
  attempts: [],
});

describe("following the sandbox's deliveries", () => {
  it('reads them again while one is still being attempted, and stops once none is', () => {
    expect(followUpDelay([delivery('delivered'), delivery('pending')])).toBe(PENDING_POLL_MS);
    expect(followUpDelay([delivery('delivered'), delivery('failed')])).toBeNull();
    expect(followUpDelay([delivery('undelivered')])).toBeNull();
    expect(followUpDelay([])).toBeNull();
  });
});
