// Where a tunnel server may send the engine's tunnel connections. A localtunnel server answers a
// registration with an `ip` to open the connections to, and the engine then pipes whatever comes
// back on them into the receiver. Taken on trust, any server (or whoever answers for it) could
// point the engine at this machine, the local network or a cloud metadata service
// (169.254.169.254), so only two kinds of address are accepted: the server's own (what its
// hostname resolves to) and a public unicast one. Loopback is accepted only from a server that is
// itself on loopback (the tests' server, or one the person runs on this machine).
import { BlockList, isIP } from 'node:net';

export type AddressKind =
  | 'public'
  | 'private'
  | 'shared'
  | 'loopback'
  | 'link-local'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'reserved';

interface AddressClass {
  kind: AddressKind;
  /** The block the address falls in, e.g. 10.0.0.0/8 (none for a public address). */
  block?: string;
}

type Family = 'ipv4' | 'ipv6';

// First match wins: 255.255.255.255 is named before the reserved 240.0.0.0/4 around it. An IPv4
// block also matches the IPv4-mapped forms (::ffff:10.0.0.5, ::ffff:a00:5), as node:net's
// BlockList checks them against IPv4 rules.
const BLOCKS: readonly (readonly [cidr: string, kind: Exclude<AddressKind, 'public'>])[] = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'reserved'],
  ['203.0.113.0/24', 'reserved'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fc00::/7', 'private'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'],
  ['ff00::/8', 'multicast'],
  ['2001:db8::/32', 'reserved'],
];

const RULES = BLOCKS.map(([cidr, kind]) => {
  const [net = '', prefix = ''] = cidr.split('/');
  const family: Family = isIP(net) === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  list.addSubnet(net, Number(prefix), family);
  return { cidr, kind, family, list };
});

function subnet(net: string, prefix: number): BlockList {
  const list = new BlockList();
  list.addSubnet(net, prefix, 'ipv6');
  return list;
}
const IPV4_MAPPED = subnet('::ffff:0:0', 96);
const GLOBAL_UNICAST_V6 = subnet('2000::', 3);

/** What kind of address `address` is; null when it is not an IP address literal. */
export function classifyAddress(address: string): AddressClass | null {
  const version = isIP(address);
  if (version === 0) return null;
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  for (const rule of RULES) {
    // An IPv6 rule never applies to an IPv4 address (nor to its mapped form).
    if (rule.family === 'ipv6' && family === 'ipv4') continue;
    if (rule.list.check(address, family)) return { kind: rule.kind, block: rule.cidr };
  }
  if (family === 'ipv4') return { kind: 'public' };
  // A mapped public IPv4 address is that address; other IPv6 outside 2000::/3 is not unicast
  // on the internet (IPv4-compatible ::/96, NAT64, discard and the like).
  if (IPV4_MAPPED.check(address, 'ipv6') || GLOBAL_UNICAST_V6.check(address, 'ipv6'))
    return { kind: 'public' };
  return { kind: 'reserved', block: 'outside 2000::/3' };
}

const KIND_WORDS: Record<Exclude<AddressKind, 'public'>, string> = {
  private: 'a private network address',
  shared: 'a carrier-grade NAT address',
  loopback: 'an address of this machine (loopback)',
  'link-local': 'a link-local address',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address, not a public one',
};

type AddressVerdict = { allowed: true } | { allowed: false; why: string };

/**
 * May the engine open tunnel connections to `ip`? `serverAddresses` are the addresses the tunnel
 * server's hostname resolves to (empty when it could not be resolved).
 */
export function judgeTunnelAddress(ip: string, serverAddresses: readonly string[]): AddressVerdict {
  const found = classifyAddress(ip);
  if (!found) return { allowed: false, why: 'which is not an IP address' };
  const own = new BlockList();
  for (const address of serverAddresses) {
    const version = isIP(address);
    if (version !== 0) own.addAddress(address, version === 4 ? 'ipv4' : 'ipv6');
  }
  if (own.check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6')) return { allowed: true };
  if (found.kind === 'public') return { allowed: true };
  if (
    found.kind === 'loopback' &&
    serverAddresses.some((a) => classifyAddress(a)?.kind === 'loopback')
  )
    return { allowed: true };
  const ownWords = serverAddresses.length
    ? `not the server's own address (${serverAddresses.join(', ')})`
    : "and the server's own address could not be resolved";
  // Where cloud machines serve their metadata and credentials: worth saying why that matters.
  const note = found.kind === 'link-local' ? '; cloud machines serve their credentials there' : '';
  return {
    allowed: false,
    why: `${KIND_WORDS[found.kind]} (${found.block}${note}), ${ownWords}`,
  };
}
