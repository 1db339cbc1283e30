// Share codes, upload secrets and staff tokens: made from injected randomness, shown once, and stored only as SHA-256
// hashes, so a copy of the database opens no share and signs in no one.
import { createHash, timingSafeEqual } from 'node:crypto';
import { CROCKFORD, formatShareCode } from '../domain/shareCode';

// The console reads a typed code as the inbox does: one function, in the domain.
export { normaliseShareCode } from '../domain/shareCode';

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
  return formatShareCode(code);
}

/** A long random secret (upload secrets, staff tokens): 256 bits, with a prefix that says what it is. */
export function newSecret(prefix: string, randomBytes: RandomBytes): string {
  return `${prefix}${base32(randomBytes(32)).toLowerCase()}`;
}

/** A public id (shares, staff tokens): 80 random bits, unguessable but short enough to read in a list. */
export function newId(prefix: string, randomBytes: RandomBytes): string {
  return `${prefix}${base32(randomBytes(10)).toLowerCase()}`;
}
