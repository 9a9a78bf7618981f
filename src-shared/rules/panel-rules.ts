// The simulator panel's rules that need no screen, shared with the renderer (which imports this
// file, as it does contact-rules.ts) so they are tested in plain Node:
// - the app registration form: the sandbox app's registration as text fields, and back to the
//   changes to send. Only what differs is sent, so one save says exactly what changed; the
//   numbers (which cannot be sent as typed text) and the URLs (http(s) or empty, as the sandbox
//   takes them) are checked in words;
// - when to read the sandbox's deliveries again: an attempt that reaches the receiver shows up as
//   a delivery record in the journal, but one that fails (another endpoint URL, no answer) leaves
//   no trace there, so while the sandbox is still retrying the panel reads them on a timer.
import type { SimApp, SimAppChanges, SimDelivery } from '../contract';
import { SCOPE_NAMES, SIGNATURE_METHODS } from '../spec';

// ---- the app registration form ----

export interface RegistrationForm {
  scopes: string[];
  endpointUrl: string;
  managementUrl: string;
  directoryUrl: string;
  signatureMethod: string;
  /** Seconds, as typed. */
  tokenLifetime: string;
  rotateRefreshTokens: boolean;
  /** Only matters without rotation; kept as registered while rotation is on. */
  repeatRefreshToken: boolean;
  rateCount: string;
  rateWindow: string;
}

export function formOf(app: SimApp): RegistrationForm {
  return {
    scopes: [...app.scopes],
    endpointUrl: app.endpointUrl,
    managementUrl: app.managementUrl,
    directoryUrl: app.directoryUrl,
    signatureMethod: app.signatureMethod,
    tokenLifetime: String(app.tokenLifetime),
    rotateRefreshTokens: app.rotateRefreshTokens,
    repeatRefreshToken: app.repeatRefreshToken,
    rateCount: String(app.rateLimit.count),
    rateWindow: String(app.rateLimit.windowS),
  };
}

export interface FormProblem {
  field: keyof RegistrationForm;
  message: string;
}

interface FormChanges {
  changes: SimAppChanges;
  problems: FormProblem[];
}

/** A whole positive number of at most `max`, or why not. */
function wholeNumber(text: string, what: string, max: number): number | string {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return `${what} must be a whole number of 1 or more.`;
  const n = Number(trimmed);
  if (n < 1 || n > max) return `${what} must be between 1 and ${max.toLocaleString('en')}.`;
  return n;
}

/**
 * Why a registration URL cannot be sent, or null: the sandbox takes an http(s) URL, or nothing
 * (empty: that URL is not used). Checked here as strictly as the sandbox does, so a save is not
 * refused for it.
 */
function urlProblem(value: string, what: string): string | null {
  if (value === '') return null;
  const message = `The ${what} must be an http:// or https:// URL, or empty.`;
  if (!/^https?:\/\/\S+$/.test(value)) return message;
  try {
    return new URL(value).hostname ? null : message;
  } catch {
    return message;
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** What the form changes in the registration, and what in it cannot be sent. */
export function changesOf(app: SimApp, form: RegistrationForm): FormChanges {
  const changes: SimAppChanges = {};
  const problems: FormProblem[] = [];

  // In the catalog's order, so a saved list reads the same as the checkboxes.
  const scopes = SCOPE_NAMES.filter((s) => form.scopes.includes(s));
  if (!sameSet(scopes, app.scopes)) changes.scopes = scopes;
  for (const key of ['endpointUrl', 'managementUrl', 'directoryUrl'] as const) {
    const value = form[key].trim();
    const problem = urlProblem(value, CHANGE_WORDS[key]);
    if (problem) problems.push({ field: key, message: problem });
    else if (value !== app[key]) changes[key] = value;
  }
  if (form.signatureMethod !== app.signatureMethod) {
    const method = SIGNATURE_METHODS.find((m) => m === form.signatureMethod);
    if (method) changes.signatureMethod = method;
    else problems.push({ field: 'signatureMethod', message: 'Pick a signature method.' });
  }
  const lifetime = wholeNumber(form.tokenLifetime, 'The token lifetime', 10_000_000);
  if (typeof lifetime === 'string') problems.push({ field: 'tokenLifetime', message: lifetime });
  else if (lifetime !== app.tokenLifetime) changes.tokenLifetime = lifetime;
  if (form.rotateRefreshTokens !== app.rotateRefreshTokens)
    changes.rotateRefreshTokens = form.rotateRefreshTokens;
  if (form.repeatRefreshToken !== app.repeatRefreshToken)
    changes.repeatRefreshToken = form.repeatRefreshToken;
  const count = wholeNumber(form.rateCount, 'The rate limit count', 1_000_000_000);
  const windowS = wholeNumber(form.rateWindow, 'The rate limit window', 10_000_000);
  if (typeof count === 'string') problems.push({ field: 'rateCount', message: count });
  if (typeof windowS === 'string') problems.push({ field: 'rateWindow', message: windowS });
  if (
    typeof count === 'number' &&
    typeof windowS === 'number' &&
    (count !== app.rateLimit.count || windowS !== app.rateLimit.windowS)
  ) {
    changes.rateLimit = { count, windowS };
  }
  return { changes, problems };
}

const CHANGE_WORDS: Record<keyof SimAppChanges, string> = {
  scopes: 'scopes',
  endpointUrl: 'endpoint URL',
  managementUrl: 'management URL',
  directoryUrl: 'directory URL',
  signatureMethod: 'signature method',
  tokenLifetime: 'token lifetime',
  rateLimit: 'rate limit',
  rotateRefreshTokens: 'refresh token rotation',
  repeatRefreshToken: 'repeating the unchanged refresh token',
};

/** "signature method, rate limit": what a save would change, in words. */
export function changeWords(changes: SimAppChanges): string {
  return (Object.keys(changes) as (keyof SimAppChanges)[]).map((k) => CHANGE_WORDS[k]).join(', ');
}

// ---- following the sandbox's deliveries ----

/** How often to read the deliveries again while one is still being attempted. */
export const PENDING_POLL_MS = 1_000;

/** The wait before the next read: while any delivery is pending, otherwise none (null). */
export function followUpDelay(deliveries: readonly SimDelivery[]): number | null {
  return deliveries.some((d) => d.status === 'pending') ? PENDING_POLL_MS : null;
}
