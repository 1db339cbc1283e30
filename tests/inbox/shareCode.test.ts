// Share codes are read aloud and typed by support: Crockford base32 with no look-alikes, at least 40 random bits,
// and forgiving of case, dashes and the letters people type for digits.
import { describe, expect, it } from 'vitest';
import { catalogHash } from '../../src/inbox/chunk';
import { base32, newShareCode, normaliseShareCode } from '../../src/inbox/secrets';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { fixtureJson } from '../support/fixtureCatalog';

describe('share codes', () => {
  it('are eight base32 characters (40 bits) shown as XXXX-XXXX, without I, L, O or U', () => {
    let n = 0;
    const counting = (size: number) => Uint8Array.from({ length: size }, () => (n = (n * 73 + 41) % 256));
    for (let i = 0; i < 200; i++) expect(newShareCode(counting)).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(newShareCode(() => new Uint8Array(5))).toBe('0000-0000');
    expect(newShareCode(() => new Uint8Array(5).fill(255))).toBe('ZZZZ-ZZZZ');
  });

  it('read O as 0 and I or L as 1, whatever the case, spaces and dashes', () => {
    const code = base32(Uint8Array.from([0x00, 0x42, 0x10, 0x84, 0x21])); // 00110111 in base32 digits
    expect(code).toBe('01111111');
    expect(normaliseShareCode('oI1l-LiIl')).toBe('01111111');
    expect(normaliseShareCode(' 0111 1111 ')).toBe('01111111');
  });

  it('are refused when they cannot be a code: another length, or a character base32 does not use', () => {
    expect(normaliseShareCode('K7Q4-PD2')).toBeNull();
    expect(normaliseShareCode('K7Q4-PD2MX')).toBeNull();
    expect(normaliseShareCode('K7Q4-PD2U')).toBeNull();
    expect(normaliseShareCode('K7Q4-PD2!')).toBeNull();
  });
});

it("hashes a catalog as the store does, so a share's catalog lines replay with their hashes", async () => {
  const text = catalogText(fixtureJson('pizza-chain'));
  expect(catalogHash(text)).toBe(await hashText(text));
});
