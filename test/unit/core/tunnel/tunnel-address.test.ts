// Where a tunnel server may send the tunnel's connections: the server's own address or a public
// one; loopback only from a server on loopback; never the local network, link-local (the cloud
// metadata address), CGNAT, multicast, unspecified, broadcast, reserved, nor their IPv4-mapped forms.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyAddress,
  judgeTunnelAddress,
  type AddressKind,
} from '../../../../src-main/core/tunnel/tunnel-address';

/** A public tunnel server, as localtunnel.me would resolve. */
const PUBLIC_SERVER = ['193.34.76.44'];

const REFUSED: readonly [address: string, kind: AddressKind, block: string][] = [
  ['10.0.0.5', 'private', '10.0.0.0/8'],
  ['10.255.255.255', 'private', '10.0.0.0/8'],
  ['172.16.0.1', 'private', '172.16.0.0/12'],
  ['172.31.255.254', 'private', '172.16.0.0/12'],
  ['192.168.1.1', 'private', '192.168.0.0/16'],
  ['fc00::1', 'private', 'fc00::/7'],
  ['fd12:3456:789a::1', 'private', 'fc00::/7'],
  ['169.254.169.254', 'link-local', '169.254.0.0/16'],
  ['169.254.0.1', 'link-local', '169.254.0.0/16'],
  ['fe80::1', 'link-local', 'fe80::/10'],
  ['febf::1', 'link-local', 'fe80::/10'],
  ['127.0.0.1', 'loopback', '127.0.0.0/8'],
  ['127.1.2.3', 'loopback', '127.0.0.0/8'],
  ['::1', 'loopback', '::1/128'],
  ['224.0.0.1', 'multicast', '224.0.0.0/4'],
  ['239.255.255.250', 'multicast', '224.0.0.0/4'],
  ['ff02::1', 'multicast', 'ff00::/8'],
  ['0.0.0.0', 'unspecified', '0.0.0.0/8'],
  ['::', 'unspecified', '::/128'],
  ['255.255.255.255', 'broadcast', '255.255.255.255/32'],
  ['100.64.0.1', 'shared', '100.64.0.0/10'],
  ['100.127.255.254', 'shared', '100.64.0.0/10'],
  ['240.0.0.1', 'reserved', '240.0.0.0/4'],
  ['192.0.2.10', 'reserved', '192.0.2.0/24'],
  ['2001:db8::1', 'reserved', '2001:db8::/32'],
];

// The IPv4-mapped IPv6 forms of refused IPv4 addresses: dotted, hexadecimal, written out.
const MAPPED: readonly [address: string, kind: AddressKind][] = [
  ['::ffff:10.0.0.5', 'private'],
  ['::ffff:a00:5', 'private'],
  ['0:0:0:0:0:ffff:c0a8:101', 'private'],
  ['::FFFF:169.254.169.254', 'link-local'],
  ['::ffff:a9fe:a9fe', 'link-local'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:100.64.0.1', 'shared'],
  ['::ffff:224.0.0.1', 'multicast'],
  ['::ffff:0.0.0.0', 'unspecified'],
  ['::ffff:255.255.255.255', 'broadcast'],
];

describe('classifyAddress', () => {
  it.each(REFUSED)('%s is %s (%s)', (address, kind, block) => {
    expect(classifyAddress(address)).toEqual({ kind, block });
  });

  it.each(MAPPED)('the mapped form %s is %s', (address, kind) => {
    expect(classifyAddress(address)?.kind).toBe(kind);
  });

  it('finds public unicast addresses, IPv4, IPv6 and mapped', () => {
    for (const address of ['8.8.8.8', '193.34.76.44', '172.32.0.1', '100.128.0.1', '11.0.0.1'])
      expect(classifyAddress(address)).toEqual({ kind: 'public' });
    for (const address of ['2606:4700:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8'])
      expect(classifyAddress(address)).toEqual({ kind: 'public' });
  });

  it('refuses IPv6 outside the global unicast space (IPv4-compatible, NAT64)', () => {
    for (const address of ['::a00:5', '::10.0.0.5', '64:ff9b::a9fe:a9fe', '100::1'])
      expect(classifyAddress(address)?.kind).toBe('reserved');
  });

  it('is null for what is not an IP address literal', () => {
    for (const text of [
      '',
      'localhost',
      'metadata.google.internal',
      '010.0.0.5',
      '10.1',
      ' 8.8.8.8',
    ])
      expect(classifyAddress(text)).toBeNull();
  });

  it('puts every address of 10/8, 172.16/12 and 192.168/16 in the private kind', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(octet, octet, octet, (a, b, c) => {
        expect(classifyAddress(`10.${a}.${b}.${c}`)?.kind).toBe('private');
        expect(classifyAddress(`172.${16 + (a % 16)}.${b}.${c}`)?.kind).toBe('private');
        expect(classifyAddress(`192.168.${b}.${c}`)?.kind).toBe('private');
        expect(classifyAddress(`::ffff:192.168.${b}.${c}`)?.kind).toBe('private');
      }),
    );
  });
});

describe('judgeTunnelAddress', () => {
  it.each([...REFUSED.map(([a]) => a), ...MAPPED.map(([a]) => a)])(
    'refuses %s from a public server',
    (address) => {
      const verdict = judgeTunnelAddress(address, PUBLIC_SERVER);
      expect(verdict.allowed).toBe(false);
      expect(verdict).toMatchObject({
        why: expect.stringContaining("not the server's own address (193.34.76.44)"),
      });
    },
  );

  it('accepts a public address, and the server’s own address whatever it is', () => {
    expect(judgeTunnelAddress('8.8.8.8', PUBLIC_SERVER)).toEqual({ allowed: true });
    expect(judgeTunnelAddress('2606:4700::1', PUBLIC_SERVER)).toEqual({ allowed: true });
    expect(judgeTunnelAddress('193.34.76.44', PUBLIC_SERVER)).toEqual({ allowed: true });
    // A tunnel server the person runs on their own network: its own private address only.
    expect(judgeTunnelAddress('10.0.0.2', ['10.0.0.2'])).toEqual({ allowed: true });
    expect(judgeTunnelAddress('::ffff:10.0.0.2', ['10.0.0.2'])).toEqual({ allowed: true });
    expect(judgeTunnelAddress('10.0.0.3', ['10.0.0.2']).allowed).toBe(false);
  });

  it('accepts loopback only from a server on loopback', () => {
    expect(judgeTunnelAddress('127.0.0.1', ['127.0.0.1'])).toEqual({ allowed: true });
    expect(judgeTunnelAddress('127.0.0.2', ['127.0.0.1'])).toEqual({ allowed: true });
    expect(judgeTunnelAddress('::1', ['::1', '127.0.0.1'])).toEqual({ allowed: true });
    expect(judgeTunnelAddress('127.0.0.1', PUBLIC_SERVER).allowed).toBe(false);
    // From a server on loopback, still nothing on the network.
    expect(judgeTunnelAddress('10.0.0.5', ['127.0.0.1']).allowed).toBe(false);
    expect(judgeTunnelAddress('169.254.169.254', ['127.0.0.1']).allowed).toBe(false);
  });

  it('says what the address is and why, in words', () => {
    expect(judgeTunnelAddress('169.254.169.254', PUBLIC_SERVER)).toEqual({
      allowed: false,
      why: "a link-local address (169.254.0.0/16; cloud machines serve their credentials there), not the server's own address (193.34.76.44)",
    });
    expect(judgeTunnelAddress('10.0.0.5', [])).toEqual({
      allowed: false,
      why: "a private network address (10.0.0.0/8), and the server's own address could not be resolved",
    });
    expect(judgeTunnelAddress('metadata.google.internal', PUBLIC_SERVER)).toEqual({
      allowed: false,
      why: 'which is not an IP address',
    });
  });
});
