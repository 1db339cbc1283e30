// The storefront's colors from the catalog's PrimaryColorCode, with text colors that stay readable on them
// (WCAG 2 contrast), so any business color gives accessible buttons.

const FALLBACK = '#1f5f8b';

function channels(hex: string): [number, number, number] {
  const clean = hex.replace('#', '');
  const full = /^[0-9a-fA-F]{6}$/.test(clean) ? clean : FALLBACK.slice(1);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: readonly [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(channels(a)), luminance(channels(b))].sort((x, y) => y - x) as [number, number];
  return (la + 0.05) / (lb + 0.05);
}

const hex = (rgb: readonly number[]) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Mixes the color toward black (amount > 0) or white (amount < 0). */
function shade(color: string, amount: number): string {
  const rgb = channels(color);
  return hex(rgb.map((c) => (amount >= 0 ? c * (1 - amount) : c + (255 - c) * -amount)));
}

export interface Theme {
  /** The brand color as given (normalised to #rrggbb). */
  readonly primary: string;
  /** Text on the brand color: white or near-black, whichever contrasts more. */
  readonly onPrimary: string;
  /** The brand color darkened until white text on it (and it as text on white) reaches 4.5:1. */
  readonly primaryStrong: string;
  readonly primarySoft: string;
}

export function themeOf(primaryColorCode: string | undefined): Theme {
  const primary = hex(channels(primaryColorCode ? (primaryColorCode.startsWith('#') ? primaryColorCode : `#${primaryColorCode}`) : FALLBACK));
  const onPrimary = contrastRatio(primary, '#ffffff') >= contrastRatio(primary, '#111111') ? '#ffffff' : '#111111';
  let strong = primary;
  for (let step = 0; step < 20 && contrastRatio(strong, '#ffffff') < 4.5; step++) strong = shade(strong, 0.08);
  return { primary, onPrimary, primaryStrong: strong, primarySoft: shade(primary, -0.88) };
}
