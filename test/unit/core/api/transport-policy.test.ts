import { describe, expect, it } from 'vitest';
import { CommandError } from '../../../../src-shared/contract';
import {
  assertSecretTransport,
  isLoopbackHost,
} from '../../../../src-main/core/api/transport-policy';

describe('secret transport policy', () => {
  it('allows HTTPS anywhere and plain HTTP on loopback only', () => {
    expect(() => assertSecretTransport('https://api.example.com/tp/token')).not.toThrow();
    expect(() => assertSecretTransport('http://127.0.0.1:8080/tp/token')).not.toThrow();
    expect(() => assertSecretTransport('http://localhost/tp/token')).not.toThrow();
    expect(() => assertSecretTransport('http://[::1]:9/tp/token')).not.toThrow();
  });

  it('refuses plain HTTP to another host with an error that says why and what to do', () => {
    try {
      assertSecretTransport('http://api.example.com/tp/token');
      expect.unreachable('plain HTTP to a remote host must be refused');
    } catch (err) {
      expect(err).toBeInstanceOf(CommandError);
      expect((err as CommandError).code).toBe('insecure_transport');
      expect((err as CommandError).message).toMatch(/https:\/\//);
      expect((err as CommandError).message).toMatch(/api\.example\.com/);
    }
  });

  it('knows the loopback range', () => {
    expect(isLoopbackHost('127.12.0.1')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
  });
});
