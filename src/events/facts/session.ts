// Session: where a log starts and the catalog it was written against.
import * as t from 'io-ts';
import { Id, fact } from './shared';

export const sessionFacts = {
  /** A log starts here: the first idempotency key of the bag and the app that wrote it. */
  SessionStarted: fact(t.type({ idempotencyKey: Id, appVersion: t.string }), { safe: ['idempotencyKey', 'appVersion'] }),
  /** The catalog (content-addressed) and the locations the configuration lets this storefront show. */
  CatalogLoaded: fact(t.type({ hash: t.string, locationIds: t.array(Id), idempotencyKey: Id }), { safe: ['hash', 'locationIds[]', 'idempotencyKey'] }),
};
