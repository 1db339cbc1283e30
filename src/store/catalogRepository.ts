// Content-addressed catalog snapshots: stored once, referred to by hash from CatalogLoaded events, carried in exports.
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

export function catalogRepository(db: LogDatabase, now: () => string = () => new Date().toISOString()): CatalogRepository {
  const loaded = new Map<string, CatalogIndex>();
  const texts = new Map<string, string>();
  return {
    async put(json) {
      const decoded = decodeCatalog(json);
      if (E.isLeft(decoded)) return decoded;
      const text = catalogText(json);
      const hash = await hashText(text);
      if (!loaded.has(hash)) {
        loaded.set(hash, decoded.right);
        texts.set(hash, text);
        await db.catalogs.upsert({ hash, json: text, storedAt: now() });
      }
      return E.right({ hash, index: loaded.get(hash)! });
    },
    get: (hash) => loaded.get(hash),
    async load(hash) {
      if (loaded.has(hash)) return true;
      const doc = await db.catalogs.findOne(hash).exec();
      if (!doc) return false;
      const decoded = decodeCatalog(JSON.parse(doc.json));
      if (E.isLeft(decoded)) return false;
      loaded.set(hash, decoded.right);
      texts.set(hash, doc.json);
      return true;
    },
    async text(hash) {
      const known = texts.get(hash);
      if (known !== undefined) return known;
      const doc = await db.catalogs.findOne(hash).exec();
      return doc?.json;
    },
  };
}
