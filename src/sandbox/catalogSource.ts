// Where the sandbox's catalog comes from: a fixture name ("pizza-chain" -> fixtures/pizza-chain.json) or a path to a
// catalog file; its seed is the file beside it with .seed.json in place of .json (an absent seed means EMPTY_SEED).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { parseCatalog, type CatalogIndex } from '../domain/catalog/catalogIndex';
import { ConfigCodec, type Config } from '../domain/config';
import { decode } from '../domain/codec';
import { EMPTY_SEED, decodeSeed, type Seed } from './seed';

export interface LoadedCatalog {
  /** The fixture name, or the file name without .json for a path. */
  readonly name: string;
  readonly file: string;
  readonly index: CatalogIndex;
  readonly seed: Seed;
}

/** A bare name (letters, digits, dashes) names a fixture; anything else is a path. */
export function catalogFile(nameOrPath: string, fixturesDir: string): string {
  if (/^[\w-]+$/.test(nameOrPath)) return join(fixturesDir, `${nameOrPath}.json`);
  return isAbsolute(nameOrPath) ? nameOrPath : resolve(nameOrPath);
}

export function loadCatalog(nameOrPath: string, fixturesDir: string): E.Either<string[], LoadedCatalog> {
  const file = catalogFile(nameOrPath, fixturesDir);
  if (!existsSync(file)) return E.left([`${file}: no such catalog file`]);
  // Only a regular file is read: a directory is an error, and a pipe or device would block the whole server.
  if (!statSync(file).isFile()) return E.left([`${file}: not a catalog file`]);
  const index = parseCatalog(readFileSync(file, 'utf8'));
  if (E.isLeft(index)) return E.left(index.left.map((p) => `${file}: ${p}`));
  const seedFile = file.replace(/\.json$/i, '') + '.seed.json';
  let seed: Seed = EMPTY_SEED;
  if (existsSync(seedFile)) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(seedFile, 'utf8'));
    } catch (error) {
      return E.left([`${seedFile}: ${(error as Error).message}`]);
    }
    const decoded = decodeSeed(json);
    if (E.isLeft(decoded)) return E.left(decoded.left.map((p) => `${seedFile}: ${p}`));
    seed = decoded.right;
  }
  return E.right({ name: basename(file).replace(/\.json$/i, ''), file, index: index.right, seed });
}

/** fixtures/config.json, which the sandbox serves as /config.json and whose ClientId it accepts. */
export function loadConfig(fixturesDir: string): E.Either<string[], Config> {
  const file = join(fixturesDir, 'config.json');
  if (!existsSync(file)) return E.left([`${file}: no such file`]);
  try {
    return decode(ConfigCodec, JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    return E.left([`${file}: ${(error as Error).message}`]);
  }
}
