// Share codes, upload secrets and staff tokens: made from injected randomness, shown once, and stored only as SHA-256
// hashes, so a copy of the database opens no share and signs in no one.
import { createHash, timingSafeEqual } from 'node:crypto';

/** Crockford's base32: digits and capitals without I, L, O and U, so a code read aloud has no look-alikes. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export type RandomBytes = (size: number) => Uint8Array;

/** Bytes as Crockford base32, five bits a character (the last one padded with zero bits). */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return bits > 0 ? out + CROCKFORD[(value << (5 - bits)) & 31] : out;
}

/** SHA-256 of a secret, hex: what the database keeps instead of the secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` hashes to `hash`, in constant time. */
export function matchesHash(secret: string, hash: string): boolean {
  const mine = Buffer.from(hashSecret(secret), 'hex');
  const theirs = Buffer.from(hash, 'hex');
  return mine.length === theirs.length && timingSafeEqual(mine, theirs);
}

/** A share code: 40 random bits as eight base32 characters, shown `K7Q4-PD2M`. */
export function newShareCode(randomBytes: RandomBytes): string {
  const code = base32(randomBytes(5));
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * A code as support typed it, in the form it was hashed in: case, spaces and dashes do not matter, and the look-alikes
 * O, I and L read as 0, 1 and 1. Null when it cannot be a code (wrong length, a character base32 does not use).
 */
export function normaliseShareCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== 8 || [...code].some((c) => !CROCKFORD.includes(c))) return null;
  return code;
}

/** A long random secret (upload secrets, staff tokens): 256 bits, with a prefix that says what it is. */
export function newSecret(prefix: string, randomBytes: RandomBytes): string {
  return `${prefix}${base32(randomBytes(32)).toLowerCase()}`;
}

/** A public id (shares, staff tokens): 80 random bits, unguessable but short enough to read in a list. */
export function newId(prefix: string, randomBytes: RandomBytes): string {
  return `${prefix}${base32(randomBytes(10)).toLowerCase()}`;
}
