// The files a storefront on `npm start` needs from the sandbox's host: /config.json (fixtures/config.json) and the
// catalog images under /img/ (fixtures/img), which catalogs reference as '/img/latte.svg'.
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
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

/** The static answer for a GET of `path`, or null when the path is not one of ours. */
export function staticFile(fixturesDir: string, path: string): Reply | null {
  if (path === '/config.json') {
    const file = join(fixturesDir, 'config.json');
    return existsSync(file) ? { status: 200, body: readFileSync(file), headers: { 'Content-Type': 'application/json; charset=utf-8' } } : null;
  }
  // The favicon lives in the content folder's img/ (account-and-session.md section 9) and is asked for at the root.
  const image = path === '/favicon.png' ? 'favicon.png' : /^\/img\/([\w.-]+)$/.exec(path)?.[1];
  if (image === undefined || image.startsWith('.')) return null;
  const file = join(fixturesDir, 'img', image);
  const type = TYPES[extname(image).toLowerCase()];
  if (type === undefined || !existsSync(file)) return null;
  return { status: 200, body: readFileSync(file), headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=300' } };
}
