// The files a storefront on `npm start` needs from the sandbox's host: the content folder's config.json
// (fixtures/config.json, with the business's own settings from fixtures/config/{catalog}.json), theme.css (the
// business's own, fixtures/themes/{catalog}.css) and its web manifest with its icons (made from the catalog served:
// its name, colour and logo, src/domain/webManifest.ts), and the catalog images
// under /img/ (fixtures/img), which catalogs reference as '/img/latte.svg'. The content folder is / on localhost and
// /content/{host}/ elsewhere (src/domain/content.ts); the sandbox serves one business, so every host's folder is it.
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Catalog } from '../domain/catalog/codecs';
import { appIcon, ICON_FILES, WEB_MANIFEST_FILE, webManifest, type Logo } from '../domain/webManifest';
import type { Reply } from './http';

const TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
};

/** A host's content folder, /content/{host}/, and the file asked for in it. */
const IN_HOST_FOLDER = /^\/content\/[^/]+(\/[^/]+)$/;

/**
 * The theme of the business the sandbox serves (`catalogName`): fixtures/themes/{catalog}.css, or an empty sheet for a
 * catalog without one (a test's own catalog), so the storefront never meets a missing stylesheet. Revalidated on every
 * visit: a reset may switch the business under the same address and hour.
 */
function themeSheet(fixturesDir: string, catalogName: string): Reply {
  const file = /^[\w-]+$/.test(catalogName) ? join(fixturesDir, 'themes', `${catalogName}.css`) : null;
  const body = file !== null && existsSync(file) ? readFileSync(file) : Buffer.from(`/* ${catalogName.replace(/\*\//g, '')}: no theme of its own */\n`);
  return { status: 200, body, headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' } };
}

/**
 * The settings of the business the sandbox serves (`catalogName`) that are its own: fixtures/config/{catalog}.json
 * (its BusinessKind, say), as each business's host has its own config.json; none for a catalog without one.
 */
function businessConfig(fixturesDir: string, catalogName: string): Record<string, unknown> {
  const file = /^[\w-]+$/.test(catalogName) ? join(fixturesDir, 'config', `${catalogName}.json`) : null;
  return file !== null && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}

/**
 * The host's config.json: the fixture's (fixtures/config.json), the served business's own settings on top
 * (fixtures/config/{catalog}.json), and `hostConfig` on top of those; null when there is no config.json.
 */
export function servedConfig(fixturesDir: string, hostConfig: Readonly<Record<string, unknown>>, catalogName = ''): Record<string, unknown> | null {
  const file = join(fixturesDir, 'config.json');
  if (!existsSync(file)) return null;
  return { ...(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>), ...businessConfig(fixturesDir, catalogName), ...hostConfig };
}

/** The logo a catalog names, when it is one of the sandbox's pictures (/img/...): what the icon embeds. */
function logoOf(fixturesDir: string, catalog: Catalog): Logo | null {
  const image = /^\/img\/([\w-][\w.-]*)$/.exec(catalog.LogoUrl ?? '')?.[1];
  const type = image === undefined ? undefined : TYPES[extname(image).toLowerCase()];
  if (image === undefined || type === undefined || !existsSync(join(fixturesDir, 'img', image))) return null;
  return { type, base64: readFileSync(join(fixturesDir, 'img', image)).toString('base64') };
}

/**
 * The business's web manifest and icons, from the catalog served, revalidated on every visit like the theme (a reset
 * may switch the business under the same address).
 */
function appFile(fixturesDir: string, file: string, folder: string, catalog: Catalog): Reply | null {
  const fresh = { 'Cache-Control': 'no-cache' };
  if (file === WEB_MANIFEST_FILE)
    return { status: 200, body: Buffer.from(JSON.stringify(webManifest(catalog, folder))), headers: { 'Content-Type': 'application/manifest+json', ...fresh } };
  const purpose = file === ICON_FILES.any ? 'any' : file === ICON_FILES.maskable ? 'maskable' : null;
  if (purpose === null) return null;
  return { status: 200, body: Buffer.from(appIcon(catalog, logoOf(fixturesDir, catalog), purpose)), headers: { 'Content-Type': 'image/svg+xml', ...fresh } };
}

/** The static answer for a GET of `path`, or null when the path is not one of ours. */
export function staticFile(
  fixturesDir: string,
  path: string,
  catalogName: string,
  catalog: Catalog,
  hostConfig: Readonly<Record<string, unknown>> = {},
): Reply | null {
  const content = IN_HOST_FOLDER.exec(path)?.[1] ?? path;
  const app = appFile(fixturesDir, content.slice(1), path.slice(0, path.length - content.length + 1), catalog);
  if (app !== null) return app;
  if (content === '/config.json') {
    const served = servedConfig(fixturesDir, hostConfig, catalogName);
    return served === null ? null : { status: 200, body: Buffer.from(JSON.stringify(served)), headers: { 'Content-Type': 'application/json; charset=utf-8' } };
  }
  if (content === '/theme.css') return themeSheet(fixturesDir, catalogName);
  // The favicon lives in the content folder's img/ (account-and-session.md section 9) and is asked for at the root.
  const image = path === '/favicon.png' ? 'favicon.png' : /^\/img\/([\w.-]+)$/.exec(path)?.[1];
  if (image === undefined || image.startsWith('.')) return null;
  const file = join(fixturesDir, 'img', image);
  const type = TYPES[extname(image).toLowerCase()];
  if (type === undefined || !existsSync(file)) return null;
  return { status: 200, body: readFileSync(file), headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=300' } };
}
