// Secrets never reach the journal, an export or the UI in clear. Two nets, because the real
// platform may echo a secret anywhere: parameters and headers known to carry secrets are redacted
// by name, and every secret value the engine has seen is redacted wherever it appears in text, in
// each form text gives it (raw, percent-encoded, form-encoded, escaped inside a JSON string). This
// module is the one place that knows those forms: the journal runs every record through it as it
// is appended (redactor.line/record), and every export runs the records through it again.
import { ENDPOINTS } from '../../../src-shared/spec/endpoints';
import type { ParamSpec } from '../../../src-shared/spec/params';
import { esc } from './html-report/html-escape';

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
  /** Remembers a secret value so that it is redacted wherever it shows up later, in any form. */
  addSecret(value: string | undefined | null): void;
  text(text: string): string;
  params(params: Record<string, string>): Record<string, string>;
  headers(headers: Record<string, string>): Record<string, string>;
  /**
   * Like headers(), but the same object when nothing in it is redacted (no secret header, no known
   * secret in a value): for a caller that changes neither, such as a delivery's record.
   */
  headersShared(headers: Record<string, string>): Record<string, string>;
  /**
   * Whether the JSON text of a record holds a known secret in any form. Cheap when the engine
   * knows no secret (false at once), so the journal can ask it of every line it writes.
   */
  holdsSecret(json: string): boolean;
  /** A copy of a JSON value (a record) with every string redacted (keys included). */
  record<T>(value: T): T;
}

/** The inside of a JSON string holding `s`, as JSON.stringify writes it. */
const jsonEscape = (s: string) => JSON.stringify(s).slice(1, -1);
/** The same as some other encoders write it (PHP's json_encode): `\/` and `\uXXXX` beyond ASCII. */
const jsonEscapeAscii = (s: string) =>
  jsonEscape(s)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const lowerHexEscapes = (s: string) => s.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());

/**
 * How a secret can be written where a person may later read it: as it is; percent-encoded as in a
 * URL's path or query (encodeURIComponent, either case of hex); form-encoded as URLSearchParams
 * writes a query string or an x-www-form-urlencoded body (`+` for a space); each of those inside a
 * JSON string, and inside a JSON string that is itself inside one (a JSON body kept as text in a
 * record, whose line is JSON again); and each of those escaped for HTML, as the HTML report writes
 * what it decoded first (a delivery's data parsed and shown as JSON again, where `\u0026` escapes
 * had hidden the secret from the search of the record).
 */
const TEXT_ENCODINGS: readonly ((s: string) => string)[] = [
  (s) => s,
  encodeURIComponent,
  (s) => lowerHexEscapes(encodeURIComponent(s)),
  (s) => new URLSearchParams([['', s]]).toString().slice(1),
  (s) => encodeURIComponent(s).replace(/%20/g, '+'),
];
const JSON_LEVELS: readonly ((s: string) => string)[] = [
  (s) => s,
  jsonEscape,
  jsonEscapeAscii,
  (s) => jsonEscape(jsonEscape(s)),
  (s) => jsonEscape(jsonEscapeAscii(s)),
];

/** Each form of the secret, with its redaction in the same form (so a JSON string stays one). */
function formsOf(secret: string): Map<string, string> {
  const shown = redactValue(secret);
  const forms = new Map<string, string>();
  for (const encode of TEXT_ENCODINGS) {
    for (const level of JSON_LEVELS) {
      const form = level(encode(secret));
      if (!forms.has(form)) forms.set(form, level(encode(shown)));
    }
  }
  for (const [form, redacted] of [...forms])
    if (!forms.has(esc(form))) forms.set(esc(form), esc(redacted));
  return forms;
}

export function createRedactor(): Redactor {
  const secrets = new Set<string>();
  // Every form of every secret, longest first: a longer form is replaced before a shorter one
  // that may lie inside it. Most secrets (letters, digits, `-`, `_`, `.`) have one form only.
  let needles: { form: string; redacted: string }[] = [];
  const text = (input: string) => {
    let out = input;
    for (const { form, redacted } of needles) {
      if (out.includes(form)) out = out.split(form).join(redacted);
    }
    return out;
  };
  const holdsSecret = (json: string) => {
    for (const { form } of needles) if (json.includes(form)) return true;
    return false;
  };
  const deep = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(deep);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // defineProperty: a `__proto__` key (from a delivery's headers) stays a plain property.
      Object.defineProperty(out, text(k), {
        value: deep(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
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
      if (!value || value.length < MIN_SECRET_LENGTH || secrets.has(value)) return;
      secrets.add(value);
      const known = new Map(needles.map((n) => [n.form, n.redacted]));
      for (const [form, redacted] of formsOf(value))
        if (!known.has(form)) known.set(form, redacted);
      needles = [...known]
        .map(([form, redacted]) => ({ form, redacted }))
        .sort((a, b) => b.form.length - a.form.length);
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
    holdsSecret,
    record: <T>(value: T) => deep(value) as T,
  };
}
