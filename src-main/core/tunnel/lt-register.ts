// Registration with a localtunnel server (the protocol of the npm `localtunnel` client): ask
// `GET {host}/?new` for a random name or `GET {host}/{subdomain}` for a chosen one; the server
// answers where to open the TCP connections that carry the public requests. Written on undici
// rather than the npm client because that client retries a refused registration every second for
// ever without saying why (a 403 lands in its retry branch) and cannot be stopped while it does.
import { request } from 'undici';
import { z } from 'zod';

export interface LtRegistration {
  /** The name the server gave (the subdomain). */
  id: string;
  /** The public URL, e.g. https://name.loca.lt */
  url: string;
  /** Where to open the tunnel's TCP connections. */
  remoteHost: string;
  remotePort: number;
  /** How many connections the server accepts at once (at least 1). */
  maxConn: number;
}

// The server is a trust boundary: what it answers decides where the engine connects.
const RegistrationBody = z.object({
  id: z.string().min(1).max(200),
  port: z.number().int().min(1).max(65_535),
  url: z
    .string()
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), 'url must be an http(s) URL'),
  max_conn_count: z.number().int().min(1).max(100).optional(),
  ip: z.string().min(1).max(100).optional(),
});

/** Error raised when the server answered but refused (4xx/5xx, or an answer that is not one). */
export class RegistrationRefused extends Error {}

export async function registerTunnel(
  host: string,
  subdomain: string | undefined,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<LtRegistration> {
  const base = host.replace(/\/+$/, '');
  const url = `${base}/${subdomain ? encodeURIComponent(subdomain) : '?new'}`;
  let status: number;
  let text: string;
  try {
    const res = await request(url, {
      method: 'GET',
      headers: { accept: 'application/json', 'user-agent': 'TP-Inspector-tunnel' },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    status = res.statusCode;
    text = await res.body.text();
  } catch (err) {
    throw new Error(`The tunnel server ${base} could not be reached (${describe(err)}).`);
  }
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
  return {
    id: body.id,
    url: body.url.replace(/\/+$/, ''),
    remoteHost: body.ip ?? new URL(base).hostname,
    remotePort: body.port,
    maxConn: body.max_conn_count ?? 1,
  };
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
