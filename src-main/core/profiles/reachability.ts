// Whether a profile's base URL answers: one TCP connection, no request, so the check is cheap
// enough to run whenever a profile becomes active and after a call could not connect. A copy of
// the sandbox profile made before the sandbox moved to another port is the usual case: the words
// say where the sandbox is now.
import { connect } from 'node:net';
import type { ProfileReachability } from '../../../src-shared/contract';

const CHECK_TIMEOUT_MS = 2_000;

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(CHECK_TIMEOUT_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function checkReachable(
  profile: { id: string; baseUrl: string; kind: 'sandbox' | 'custom' },
  sandboxUrl: string | undefined,
): Promise<ProfileReachability> {
  const base = { profileId: profile.id, baseUrl: profile.baseUrl };
  let url: URL;
  try {
    url = new URL(profile.baseUrl);
  } catch {
    return {
      ...base,
      answers: false,
      message: `${profile.baseUrl} is not a URL: edit the profile.`,
    };
  }
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  // The URL's host as a socket wants it: an IPv6 literal without its brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (await connects(host, port)) return { ...base, answers: true, message: null };
  const moved =
    sandboxUrl && profile.kind !== 'sandbox' && isLoopback(host) && sandboxUrl !== url.origin
      ? `: the sandbox moved to ${sandboxUrl}; edit the profile's base URL, or switch to the sandbox profile`
      : profile.kind === 'sandbox'
        ? ': the embedded sandbox is not running; restart TP Inspector'
        : ': check the address and that the platform is up, or edit the profile';
  return { ...base, answers: false, message: `${profile.baseUrl} does not answer${moved}.` };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}
