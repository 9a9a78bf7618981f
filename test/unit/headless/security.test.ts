import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  cookieValues,
  hasSession,
  isAllowedHost,
  isAllowedOrigin,
  isForeignStateChange,
  newSessionToken,
  securityHeaders,
  sessionCookie,
  tokensEqual,
} from '../../../src-main/headless/security';

describe('host security rules', () => {
  it('makes a fresh 32-byte base64url token each time', () => {
    const a = newSessionToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(newSessionToken()).not.toBe(a);
  });

  it('compares tokens exactly, whatever their lengths', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abc', 'abd')).toBe(false);
    expect(tokensEqual('abc', 'abcd')).toBe(false);
    expect(tokensEqual('abc', '')).toBe(false);
  });

  it("reads every value of the port's session cookie and accepts the session when one matches", () => {
    expect(cookieValues('a=1; tp_session_80=x; tp_session_80=y', 'tp_session_80')).toEqual([
      'x',
      'y',
    ]);
    expect(cookieValues(undefined, 'tp_session_80')).toEqual([]);
    expect(hasSession({ cookie: 'tp_session_80=other; tp_session_80=good' }, 'good', 80)).toBe(
      true,
    );
    expect(hasSession({ cookie: 'xtp_session_80=good' }, 'good', 80)).toBe(false);
    expect(hasSession({}, 'good', 80)).toBe(false);
  });

  it("ignores another port's session cookie, so two hosts in one browser keep their own", () => {
    expect(hasSession({ cookie: 'tp_session_81=good' }, 'good', 80)).toBe(false);
    expect(hasSession({ cookie: 'tp_session_81=other; tp_session_80=good' }, 'good', 80)).toBe(
      true,
    );
  });

  it('sets an HttpOnly, SameSite=Strict, site-wide cookie named for the port', () => {
    expect(sessionCookie('T', 80)).toBe('tp_session_80=T; HttpOnly; SameSite=Strict; Path=/');
  });

  it('allows only the loopback names of its own port as Host', () => {
    expect(isAllowedHost('127.0.0.1:5874', 5874)).toBe(true);
    expect(isAllowedHost('LOCALHOST:5874', 5874)).toBe(true);
    expect(isAllowedHost('[::1]:5874', 5874)).toBe(true);
    expect(isAllowedHost('127.0.0.1', 5874)).toBe(false);
    expect(isAllowedHost('127.0.0.1:5875', 5874)).toBe(false);
    expect(isAllowedHost('evil.example:5874', 5874)).toBe(false);
    expect(isAllowedHost('localhost.evil.example:5874', 5874)).toBe(false);
    expect(isAllowedHost(undefined, 5874)).toBe(false);
  });

  it('allows only its own http origins', () => {
    expect(isAllowedOrigin('http://127.0.0.1:5874', 5874)).toBe(true);
    expect(isAllowedOrigin('http://localhost:5874', 5874)).toBe(true);
    expect(isAllowedOrigin('https://127.0.0.1:5874', 5874)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:5875', 5874)).toBe(false);
    expect(isAllowedOrigin('null', 5874)).toBe(false);
    expect(isAllowedOrigin(undefined, 5874)).toBe(false);
  });

  it('refuses state changes from foreign origins only', () => {
    expect(isForeignStateChange('POST', 'https://evil.example', 1)).toBe(true);
    expect(isForeignStateChange('delete', 'null', 1)).toBe(true);
    expect(isForeignStateChange('POST', 'http://127.0.0.1:1', 1)).toBe(false);
    expect(isForeignStateChange('POST', undefined, 1)).toBe(false);
    expect(isForeignStateChange('GET', 'https://evil.example', 1)).toBe(false);
  });

  it('sends the CSP and hardening headers, and never CORS headers', () => {
    const headers = securityHeaders(5874);
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy(5874));
    expect(contentSecurityPolicy(5874)).toContain(
      "img-src 'self' data: https: http://127.0.0.1:* http://localhost:*",
    );
    expect(contentSecurityPolicy(5874)).toContain("form-action 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(Object.keys(headers).some((h) => h.startsWith('access-control'))).toBe(false);
  });
});
