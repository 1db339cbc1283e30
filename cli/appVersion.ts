import { readFileSync } from 'node:fs';

/** The version in package.json: written into log headers so a replay says which app produced a log. */
export const APP_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
