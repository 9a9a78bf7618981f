// Is a forward target this receiver? Compared by address, whatever the spelling of its host
// (docs/security.md, Forwarding).
import { describe, expect, it } from 'vitest';
import {
  isOwnMachineAddress,
  receiverMatch,
  type ResolveHost,
} from '../../../../src-main/core/inbound/receiver-target';

const PORT = 5875;
const RECEIVER = `http://127.0.0.1:${PORT}`;

/** A resolver that knows a few names, and fails for the rest as DNS would. */
const names: Record<string, string[]> = {
  localhost: ['::1', '127.0.0.1'],
  'rebound.example': ['203.0.113.5', '127.0.0.1'],
  'elsewhere.example': ['203.0.113.5'],
};
const asked: string[] = [];
const resolve: ResolveHost = async (host) => {
  asked.push(host);
  const found = names[host];
  if (!found)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};
const matches = (target: string, publicUrls: string[] = []) =>
  receiverMatch(target, RECEIVER, publicUrls, resolve);

describe('isOwnMachineAddress', () => {
  it('is true of loopback and unspecified addresses in every form', () => {
    for (const a of [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:0.0.0.0',
    ])
      expect(isOwnMachineAddress(a), a).toBe(true);
  });
  it('is false of other addresses and of names', () => {
    for (const a of [
      '192.168.1.10',
      '203.0.113.5',
      '::ffff:203.0.113.5',
      '2001:db8::1',
      'localhost',
    ])
      expect(isOwnMachineAddress(a), a).toBe(false);
  });
});

describe('receiverMatch', () => {
  it.each([
    `http://127.0.0.1:${PORT}/hooks/sandbox`,
    `http://[::ffff:127.0.0.1]:${PORT}/hooks/sandbox`,
    `http://localhost.:${PORT}/`,
    `http://LOCALHOST:${PORT}/`,
    `http://0.0.0.0:${PORT}/`,
    `http://[::]:${PORT}/`,
    `http://[::1]:${PORT}/`,
    `http://127.1.2.3:${PORT}/`,
    `http://2130706433:${PORT}/`,
    `http://0x7f.1:${PORT}/`,
    `http://0177.0.0.1:${PORT}/`,
    `https://127.0.0.1:${PORT}/`,
    `http://rebound.example:${PORT}/`,
  ])('refuses %s, saying which address of this machine it reaches', async (target) => {
    const found = await matches(target);
    expect(found?.why).toMatch(
      new RegExp(`an address of this machine, and port ${PORT} is the receiver's`),
    );
  });

  it('names what a host name resolved to', async () => {
    expect((await matches(`http://rebound.example:${PORT}/`))?.why).toMatch(
      /^rebound\.example resolves to 127\.0\.0\.1, an address of this machine/,
    );
    expect(asked).toContain('localhost');
  });

  it.each([
    `http://127.0.0.1:${PORT + 1}/`,
    `http://localhost/`,
    `http://192.0.2.1:${PORT}/`,
    `http://elsewhere.example:${PORT}/`,
    `http://unknown.example:${PORT}/`,
    'not a url',
  ])('lets %s through', async (target) => {
    expect(await matches(target)).toBeNull();
  });

  it("refuses the receiver's public URL, by scheme, host and port", async () => {
    const pub = ['https://abc.loca.lt'];
    expect((await matches('https://abc.loca.lt/hooks/x', pub))?.why).toMatch(/public URL/);
    expect((await matches('https://abc.loca.lt./hooks/x', pub))?.why).toMatch(/public URL/);
    expect(await matches('http://abc.loca.lt/hooks/x', pub)).toBeNull();
  });

  it('resolves localhost with the system resolver when none is given', async () => {
    const found = await receiverMatch(`http://localhost.:${PORT}/`, RECEIVER, []);
    expect(found?.why).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), an address of this machine/,
    );
  });
});
