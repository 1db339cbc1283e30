// The storefront as an installable app (README, "Installable and offline"): the business's web manifest and its icons,
// made from its catalog (name, colour, logo) where its host serves its content folder. Pure: the sandbox serves them,
// and a host elsewhere writes them with the same functions.
import { themeOf } from './theme';

/** The manifest and its icons in the host's content folder (src/domain/content.ts), beside config.json. */
export const WEB_MANIFEST_FILE = 'manifest.webmanifest';
export const ICON_FILES = { any: 'icon.svg', maskable: 'icon-maskable.svg' } as const;

/** What the manifest is made from: the catalog's name and brand colour. */
export interface Business {
  readonly Name: string;
  readonly PrimaryColorCode?: string | undefined;
}

/** A name of at most 12 characters for the home screen: the first words that fit, else the first 12 characters. */
export function shortName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 12) return trimmed;
  let short = '';
  for (const word of trimmed.split(/\s+/)) {
    const next = short === '' ? word : `${short} ${word}`;
    if (next.length > 12) break;
    short = next;
  }
  return short === '' ? trimmed.slice(0, 12) : short;
}

/**
 * The web manifest: the storefront at the root, standalone, in the business's colour, with its two icons (any shape,
 * and maskable: the logo inside the safe zone a launcher may crop to a circle). `folder` is the content folder.
 */
export function webManifest(business: Business, folder: string): Record<string, unknown> {
  const theme = themeOf(business.PrimaryColorCode);
  return {
    id: '/',
    name: business.Name,
    short_name: shortName(business.Name),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: theme.primary,
    background_color: '#ffffff',
    icons: [
      { src: `${folder}${ICON_FILES.any}`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: `${folder}${ICON_FILES.maskable}`, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  };
}

/** The logo as the icon takes it: its bytes and type (a picture of the content folder), or none. */
export interface Logo {
  readonly type: string;
  readonly base64: string;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The app icon, 512 units square: the business's colour, with its logo in the middle (embedded, as an icon may load
 * nothing else), or the first letter of its name in the colour's text colour when there is no logo to embed. The
 * maskable one fills the square and keeps the logo within the central 60%, inside the circle launchers keep; the
 * other has rounded corners and a larger logo.
 */
export function appIcon(business: Business, logo: Logo | null, purpose: 'any' | 'maskable'): string {
  const theme = themeOf(business.PrimaryColorCode);
  const size = 512;
  const inner = purpose === 'maskable' ? 0.6 * size : 0.76 * size;
  const at = (size - inner) / 2;
  const background = `<rect width="${size}" height="${size}"${purpose === 'any' ? ' rx="96"' : ''} fill="${theme.primary}"/>`;
  const mark =
    logo !== null
      ? `<image x="${at}" y="${at}" width="${inner}" height="${inner}" preserveAspectRatio="xMidYMid meet" href="data:${escapeXml(logo.type)};base64,${logo.base64}"/>`
      : `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${Math.round(inner * 0.7)}" font-weight="700" fill="${theme.onPrimary}">${escapeXml(Array.from(business.Name.trim())[0] ?? '')}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img" aria-label="${escapeXml(business.Name)}">${background}${mark}</svg>\n`;
}
