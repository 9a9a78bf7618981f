// The delivery a load tool's script sends: the endpoint check's text message (sample-deliveries.ts),
// given a fresh id and timestamp by the script for every send, as tp load does, so a handler that
// de-duplicates by id takes every one as new.
import { messageSamples } from '../../endpoint-check';

export function textDeliveryTemplate(): Record<string, unknown> {
  const text = messageSamples().find((s) => s.key === 'text');
  return { ...(text?.data as Record<string, unknown>) };
}

export interface LoadScriptOptions {
  /** Arrivals a second: a scenario run (a delivery, or a pass through a scenario's requests). */
  rate: number;
  durationMs: number;
  /** Where the signed deliveries go; none: no delivery storm. */
  handlerUrl?: string;
  /** The platform's base URL the request steps go to; none: no request scenarios. */
  target?: string;
}

/** The environment variables every exported script reads (never written into a file). */
export const SCRIPT_ENV = {
  secret: 'TP_CLIENT_SECRET',
  method: 'TP_SIGNATURE_METHOD',
  variablePrefix: 'TP_VAR_',
} as const;

/** JavaScript (for either tool's script) making a dynamic value as the runner does (variables.ts). */
export const DYNAMIC_VALUE_JS = `function dynamicValue(name) {
  if (name === 'dynamic_uuid') return uuid();
  if (name === 'dynamic_timestamp') return String(Math.floor(Date.now() / 1000));
  if (name === 'dynamic_isoTimestamp') return new Date().toISOString();
  if (name === 'dynamic_randomInt') return String(Math.floor(Math.random() * 1001));
  return undefined;
}`;

/** What a script says when TP_SIGNATURE_METHOD names a method it cannot sign with. */
export const UNSIGNABLE_METHOD_WORDS = `names a method this script cannot sign with: it signs HMAC-SHA256 (the default) or HMAC-SHA1. An app that signs RSA-SHA256 is loaded with npm run -s tp -- load, which holds the platform’s private key.`;
