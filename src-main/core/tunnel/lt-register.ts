// Registration with a localtunnel server (the protocol of the npm `localtunnel` client): ask
// `GET {host}/?new` for a random name or `GET {host}/{subdomain}` for a chosen one; the server
// answers where to open the TCP connections that carry the public requests. Written on undici
// rather than the npm client because that client retries a refused registration every second for
// ever without saying why (a 403 lands in its retry branch) and cannot be stopped while it does.
import { lookup } from 'node:dns/promises';
import { undici } from '../common/lazy-packages';
import { z } from 'zod';
import { readLimited, sizeInWords } from '../common/read-limited';
import { judgeTunnelAddress } from './tunnel-address';

/** Tunnel connections opened at once, whatever the server's max_conn_count says. */
const MAX_TUNNEL_CONNECTIONS = 10;

/**
 * 64 KiB: a registration is a JSON object of five short fields (well under 1 KiB); anything much
 * larger is not a localtunnel server's answer, and the engine will not hold it.
 */
const REGISTRATION_MAX_BYTES = 64 * 1024;

export interface LtRegistration {
  /** The name the server gave (the subdomain). */
  id: string;
  /** The public URL, e.g. https://name.loca.lt */
  url: string;
  /** Where to open the tunnel's TCP connections. */
  remoteHost: string;
  remotePort: number;
  /** How many connections to open: the server's max_conn_count, 1 to MAX_TUNNEL_CONNECTIONS. */
  maxConn: number;
}

// The server is a trust boundary: what it answers decides where the engine connects.
const RegistrationBody = z.object({
  id: z.string().min(1).max(200),
  port: z.number().int().min(1).max(65_535),
  url: z
    .string()
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), 'url must be an http(s) URL'),
  max_conn_count: z.number().int().min(1).optional(),
  ip: z.string().min(1).max(100).optional(),
});

/** Error raised when the server answered but refused (4xx/5xx, or an answer that is not one). */
export class RegistrationRefused extends Error {}

/** The server answered with an address the engine does not connect to (tunnel-address.ts). */
export class TunnelAddressRefused extends RegistrationRefused {}

export async function registerTunnel(
  host: string,
  subdomain: string | undefined,
  options: { timeoutMs: number; signal?: AbortSignal; maxBytes?: number },
): Promise<LtRegistration> {
  const maxBytes = options.maxBytes ?? REGISTRATION_MAX_BYTES;
  const base = host.replace(/\/+$/, '');
  const url = `${base}/${subdomain ? encodeURIComponent(subdomain) : '?new'}`;
  let status: number;
  let read: Awaited<ReturnType<typeof readLimited>>;
  try {
    const res = await undici().request(url, {
      method: 'GET',
      headers: { accept: 'application/json', 'user-agent': 'TP-Inspector-tunnel' },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    status = res.statusCode;
    read = await readLimited(res.body, maxBytes);
  } catch (err) {
    throw new Error(`The tunnel server ${base} could not be reached (${describe(err)}).`);
  }
  if (read.kind === 'over-limit') {
    // The tunnel manager journals this message: it keeps the answer's first bytes.
    const first = JSON.stringify(read.firstBytes.subarray(0, 200).toString('utf8'));
    throw new RegistrationRefused(
      `The tunnel server ${base} answered the registration (HTTP ${status}) with more than ${sizeInWords(maxBytes)}, which no localtunnel server sends; it was not read further. Check the tunnel server setting. It began: ${first}`,
    );
  }
  const text = read.bytes.toString('utf8');
  const json = parseJson(text);
  if (status !== 200) {
    const message =
      json && typeof json === 'object' && 'message' in json && typeof json.message === 'string'
        ? json.message
        : text.slice(0, 200);
    throw new RegistrationRefused(
      `The tunnel server ${base} refused the registration (HTTP ${status}: ${message || 'no reason given'}).`,
    );
  }
  const parsed = RegistrationBody.safeParse(json);
  if (!parsed.success) {
    throw new RegistrationRefused(
      `The tunnel server ${base} answered something that is not a localtunnel registration (${parsed.error.issues
        .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
        .join('; ')}).`,
    );
  }
  const body = parsed.data;
  const hostname = new URL(base).hostname;
  // Checked before any connection is opened: the server decides where the engine connects.
  if (body.ip !== undefined) {
    const verdict = judgeTunnelAddress(body.ip, await addressesOf(hostname));
    if (!verdict.allowed) {
      throw new TunnelAddressRefused(
        `The tunnel server ${base} asked TP Inspector to open the tunnel's connections to ${body.ip}, ${verdict.why}. ` +
          'TP Inspector connects only to the tunnel server itself or to a public address, so that a tunnel server cannot reach into this machine, your network or a cloud metadata service. ' +
          'Use another tunnel server, or your own public URL (ngrok, cloudflared).',
      );
    }
  }
  return {
    id: body.id,
    url: body.url.replace(/\/+$/, ''),
    remoteHost: body.ip ?? hostname,
    remotePort: body.port,
    maxConn: Math.min(body.max_conn_count ?? 1, MAX_TUNNEL_CONNECTIONS),
  };
}

/** Every address the tunnel server's hostname resolves to; none when it does not resolve. */
async function addressesOf(hostname: string): Promise<string[]> {
  // URL keeps the brackets of an IPv6 literal ([::1]); lookup wants the bare address.
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  try {
    return (await lookup(bare, { all: true })).map((a) => a.address);
  } catch {
    return [];
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function describe(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    const cause = (err as { cause?: unknown }).cause;
    const causeCode =
      cause instanceof Error ? ((cause as NodeJS.ErrnoException).code ?? cause.message) : undefined;
    return [err.message, code, causeCode].filter(Boolean).join(', ');
  }
  return String(err);
}
