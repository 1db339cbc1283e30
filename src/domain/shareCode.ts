// A shared visit's code (`K7Q4-PD2M`), as the shopper reads it to support: 40 bits in Crockford's base32. The inbox
// hashes a code in its normal form and the console checks one before asking, so both read a typed code the same way.

/** Crockford's base32: digits and capitals without I, L, O and U, so a code read aloud has no look-alikes. */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A code as support typed it, in the form it was hashed in: case, spaces and dashes do not matter, and the look-alikes
 * O, I and L read as 0, 1 and 1. Null when it cannot be a code (wrong length, a character base32 does not use).
 */
export function normaliseShareCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== 8 || [...code].some((c) => !CROCKFORD.includes(c))) return null;
  return code;
}

/** A normal code as it is shown and read aloud: two groups of four. */
export const formatShareCode = (normal: string): string => `${normal.slice(0, 4)}-${normal.slice(4)}`;
