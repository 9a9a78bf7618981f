// Opaque ids and secrets (platform-decisions.md, Identities and Tokens).
import { randomBytes } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: number): string {
  const buf = randomBytes(bytes);
  let out = '';
  for (const b of buf) out += BASE32[b & 31];
  return out;
}

export const newUserId = () => `u${base32(10)}`;
export const newRoomId = () => `r${base32(10)}`;
export const newMessageId = () => `m${base32(12)}`;
export const newDeliveryId = () => `d${base32(12)}`;
export const newMediaId = () => base32(16);
/** 192 bits: above the 128 required. */
export const newSecret = () => randomBytes(24).toString('base64url');
