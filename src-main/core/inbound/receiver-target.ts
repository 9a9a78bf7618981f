// Whether a forward target is this receiver, by where it leads rather than how it is spelled. The
// receiver listens on this machine's loopback; a URL reaches it under many names (`localhost.`,
// `127.1.2.3`, `0x7f.1`, `2130706433`, `[::ffff:127.0.0.1]`, `0.0.0.0`, `[::]`, a DNS name that
// answers 127.0.0.1), and a loop through any of them captures one delivery twice before the
// X-TP-Inspector-Forwarded header stops it. So the target's host is resolved (an IP literal as
// it is, a name with dns.lookup, every address) and compared as an address.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyAddress } from '../tunnel';

/** Every address a host name resolves to; throws when it resolves to none. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

const resolveWithDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Loopback (127.0.0.0/8, ::1) or unspecified (0.0.0.0/8, ::), in any form, IPv4-mapped
 * included: an address that a connection made on this machine delivers to this machine.
 */
export function isOwnMachineAddress(address: string): boolean {
  const kind = classifyAddress(address)?.kind;
  return kind === 'loopback' || kind === 'unspecified';
}

/** A target that is this receiver, and the address that makes it so, in words. */
interface ReceiverMatch {
  why: string;
}

const portOf = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');

/**
 * Whether `target` reaches this receiver: a host that resolves to an address of this machine, at
 * the receiver's port; or one of the receiver's public URLs (the tunnel's). Null when it does not,
 * or when its host resolves to nothing (the forward itself will then fail, and say so).
 * WHATWG URL has already turned decimal, hex and octal IPv4 forms into dotted ones.
 */
export async function receiverMatch(
  target: string,
  receiverBaseUrl: string,
  publicUrls: readonly string[],
  resolve: ResolveHost = resolveWithDns,
): Promise<ReceiverMatch | null> {
  let url: URL;
  let receiver: URL;
  try {
    url = new URL(target);
    receiver = new URL(receiverBaseUrl);
  } catch {
    return null;
  }
  const host = bareHost(url.hostname);
  for (const p of publicUrls) {
    const pub = URL.canParse(p) ? new URL(p) : null;
    const same =
      pub?.protocol === url.protocol &&
      bareHost(pub.hostname) === host &&
      portOf(pub) === portOf(url);
    if (same) return { why: `it is the receiver's public URL (${p})` };
  }
  if (portOf(url) !== portOf(receiver)) return null;
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
  const own = addresses.find(isOwnMachineAddress);
  if (own === undefined) return null;
  const named = own === host ? host : `${host} resolves to ${own}`;
  return {
    why: `${named}, an address of this machine, and port ${portOf(url)} is the receiver's (${receiverBaseUrl})`,
  };
}

/** A URL's hostname as an address or a name: no IPv6 brackets, no trailing root dot, lower case. */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}
