// Opaque ids and secrets (docs/sandbox.md, Identities and ids).
import { randomBytes } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

// Ids are made on the hot path of every send: random bytes are drawn in blocks, not per id.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

function base32(length: number): string {
  if (offset + length > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  let out = '';
  for (let i = 0; i < length; i++) out += BASE32[(pool[offset + i] ?? 0) & 31];
  offset += length;
  return out;
}

export const newUserId = () => `u${base32(10)}`;
export const newRoomId = () => `r${base32(10)}`;
export const newMessageId = () => `m${base32(12)}`;
export const newDeliveryId = () => `d${base32(12)}`;
export const newMediaId = () => base32(16);
/** 192 bits: above the 128 required. */
export const newSecret = () => randomBytes(24).toString('base64url');
