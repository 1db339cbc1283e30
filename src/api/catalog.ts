// POST /api/Catalog: the catalog with its Locations (ordering.md section 7), checked as the CLI checks a file.
import * as E from 'fp-ts/lib/Either.js';
import { checkCatalog } from '../domain/catalog/catalogIndex';
import { CatalogCodec, type Catalog } from '../domain/catalog/codecs';
import { decodeFast } from '../domain/fastDecode';
import type { ApiError } from './apiError';
import type { HttpClient } from './httpClient';

export interface CatalogCalls {
  getCatalog(): Promise<E.Either<ApiError, Catalog>>;
}

export function catalogCalls(http: HttpClient): CatalogCalls {
  return {
    getCatalog: () =>
      http.call({
        name: 'Catalog',
        path: 'Catalog',
        body: {},
        large: true,
        read: ({ body }) => {
          // The quick decoder gives io-ts' answer without building each field's path (a phone's first page waits on it).
          const catalog = decodeFast(CatalogCodec, body);
          if (E.isLeft(catalog)) return catalog;
          const problems = checkCatalog(catalog.right);
          return problems.length > 0 ? E.left(problems) : catalog;
        },
      }),
  };
}
