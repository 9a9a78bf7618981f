// Secrets never reach the journal, an export or the UI in clear. Two nets, because the real
// platform may echo a secret anywhere: parameters and headers known to carry secrets are redacted
// by name, and every secret value the engine has seen is redacted wherever it appears in text.
import { ENDPOINTS } from '../../../src-shared/spec/endpoints';
import type { ParamSpec } from '../../../src-shared/spec/params';

/**
 * Parameter names whose values are secrets wherever they appear: those the endpoint catalog marks
 * secret (client_secret, code, refresh_token, otp), and access_token, which the platform's
 * responses carry and a hand-made call may send.
 */
export const SECRET_PARAM_NAMES: ReadonlySet<string> = new Set([
  'access_token',
  ...ENDPOINTS.flatMap((e) =>
    (e.params as readonly ParamSpec[]).filter((p) => p.secret).map((p) => p.name),
  ),
]);
const SECRET_HEADER_NAMES = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'proxy-authorization',
]);

const MIN_SECRET_LENGTH = 8;

/** `abcd…`: enough to tell two tokens apart, not enough to use one. */
export function redactValue(value: string): string {
  return value.length <= MIN_SECRET_LENGTH ? '…' : `${value.slice(0, 4)}…`;
}

export interface Redactor {
  /** Remembers a secret value so that it is redacted wherever it shows up later. */
  addSecret(value: string | undefined | null): void;
  text(text: string): string;
  params(params: Record<string, string>): Record<string, string>;
  headers(headers: Record<string, string>): Record<string, string>;
  /**
   * Like headers(), but the same object when nothing in it is redacted (no secret header, no known
   * secret in a value): for a caller that changes neither, such as a delivery's record.
   */
  headersShared(headers: Record<string, string>): Record<string, string>;
}

export function createRedactor(): Redactor {
  const secrets = new Set<string>();
  const text = (input: string) => {
    let out = input;
    for (const secret of secrets) {
      if (out.includes(secret)) out = out.split(secret).join(redactValue(secret));
    }
    return out;
  };
  const headers = (given: Record<string, string>): Record<string, string> => {
    // A loop, not entries/map/fromEntries: every delivery's headers come through here.
    const out: Record<string, string> = {};
    for (const k of Object.keys(given)) {
      const v = given[k]!;
      let kept: string;
      if (!SECRET_HEADER_NAMES.has(k.toLowerCase())) kept = text(v);
      else {
        // Keep the scheme ("Bearer") visible: it is what people debug.
        const [scheme, credential] = v.split(/\s+/, 2);
        kept = credential ? `${scheme} ${redactValue(credential)}` : redactValue(v);
      }
      if (k === '__proto__') Object.defineProperty(out, k, { value: kept, enumerable: true });
      else out[k] = kept;
    }
    return out;
  };
  return {
    addSecret(value) {
      if (value && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
    },
    text,
    params(params) {
      return Object.fromEntries(
        Object.entries(params).map(([k, v]) => [
          k,
          SECRET_PARAM_NAMES.has(k) ? redactValue(v) : text(v),
        ]),
      );
    },
    headers,
    headersShared(h) {
      for (const k of Object.keys(h)) {
        const v = h[k]!;
        if (SECRET_HEADER_NAMES.has(k.toLowerCase()) || text(v) !== v) return headers(h);
      }
      return h;
    },
  };
}
