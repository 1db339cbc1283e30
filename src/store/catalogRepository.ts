// Content-addressed catalog snapshots: stored once, referred to by hash from CatalogLoaded events, carried in exports.
// Until the database is attached (the browser's first page goes without it) catalogs live in memory, and are written
// when it arrives, before any event that refers to them.
import * as E from 'fp-ts/lib/Either.js';
import { decodeCatalog, type CatalogIndex } from '../domain/catalog/catalogIndex';
import type { LogDatabase } from './database';

/** SHA-256 of the catalog's JSON text, hex; the same in the browser and in Node (Web Crypto in both). */
export async function hashText(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `sha256-${Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Canonical text of a catalog: JSON.stringify of what the API answered, so one content gives one hash. */
export function catalogText(json: unknown): string {
  return JSON.stringify(json);
}

export interface CatalogRepository {
  /** Decodes, hashes and stores a catalog; the failure lists every problem. */
  put(json: unknown): Promise<E.Either<string[], { hash: string; index: CatalogIndex }>>;
  /** Synchronous lookup of a catalog already loaded into memory (what reducers use). */
  get(hash: string): CatalogIndex | undefined;
  /** Loads a stored catalog into memory; false when the database does not have it. */
  load(hash: string): Promise<boolean>;
  /** The JSON text of a stored catalog, for exports. */
  text(hash: string): Promise<string | undefined>;
}

export interface AttachableCatalogs extends CatalogRepository {
  /** Takes a catalog's text saved under its hash (a first paint's copy) without hashing it again; false if it does not decode. */
  seed(hash: string, text: string): boolean;
  /** From now on reads and writes go to `db`; catalogs put before it are written to it first. */
  attach(db: LogDatabase): Promise<void>;
  /** The database is let go of: catalogs put from now on wait in memory for the next `attach`. */
  detach(): void;
}

export function catalogRepository(db: LogDatabase | null, now: () => string = () => new Date().toISOString()): AttachableCatalogs {
  let database = db;
  const loaded = new Map<string, CatalogIndex>();
  const texts = new Map<string, string>();
  /** Put before the database was attached: written when it is. */
  const unwritten = new Set<string>();
  const remember = (hash: string, text: string): boolean => {
    const decoded = decodeCatalog(JSON.parse(text));
    if (E.isLeft(decoded)) return false;
    loaded.set(hash, decoded.right);
    texts.set(hash, text);
    return true;
  };
  return {
    async put(json) {
      const decoded = decodeCatalog(json);
      if (E.isLeft(decoded)) return decoded;
      const text = catalogText(json);
      const hash = await hashText(text);
      if (!loaded.has(hash)) {
        loaded.set(hash, decoded.right);
        texts.set(hash, text);
        if (database) await database.catalogs.upsert({ hash, json: text, storedAt: now() });
        else unwritten.add(hash);
      }
      return E.right({ hash, index: loaded.get(hash)! });
    },
    get: (hash) => loaded.get(hash),
    async load(hash) {
      if (loaded.has(hash)) return true;
      const doc = database ? await database.catalogs.findOne(hash).exec() : null;
      if (!doc) return false;
      try {
        return remember(hash, doc.json);
      } catch {
        return false;
      }
    },
    async text(hash) {
      const known = texts.get(hash);
      if (known !== undefined) return known;
      const doc = database ? await database.catalogs.findOne(hash).exec() : null;
      return doc?.json;
    },
    seed(hash, text) {
      if (loaded.has(hash)) return true;
      try {
        if (!remember(hash, text)) return false;
      } catch {
        return false;
      }
      // A seeded copy came from the database's own contents on an earlier visit; writing it again is harmless.
      unwritten.add(hash);
      return true;
    },
    async attach(db) {
      database = db;
      for (const hash of [...unwritten]) {
        await db.catalogs.upsert({ hash, json: texts.get(hash)!, storedAt: now() });
        unwritten.delete(hash);
      }
    },
    detach() {
      database = null;
    },
  };
}
