// Route tables: each API area exports `{ 'POST /api/Area/Call': route }`; bodies are decoded with the same io-ts
// codecs the client encodes with, and a body that does not decode is a 400 naming every problem.
import type * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decode } from '../domain/codec';
import { codes, fieldErrors, type Call, type Reply, type Route } from './http';

export type RouteTable = Readonly<Record<string, Route>>;

/** Decodes the body; a failure is a 400 in the order form ('Request - INVALID_REQUEST' then one line per problem). */
export function bodyOf<A, O>(codec: t.Type<A, O, unknown>, call: Call): E.Either<Reply, A> {
  const decoded = decode(codec, call.body ?? {});
  return E.isLeft(decoded) ? E.left(codes(400, 'Request - INVALID_REQUEST', ...decoded.left)) : decoded;
}

/** Same, for account-style calls: the problems are the Errors of the first element. */
export function formOf<A, O>(codec: t.Type<A, O, unknown>, call: Call): E.Either<Reply, A> {
  const decoded = decode(codec, call.body ?? {});
  return E.isLeft(decoded) ? E.left(fieldErrors(400, 'request', ...decoded.left)) : decoded;
}

/** Runs `handle` on the decoded body. */
export function withBody<A, O>(
  codec: t.Type<A, O, unknown>,
  handle: (body: A, call: Call) => Reply | Promise<Reply>,
  style: 'codes' | 'fields' = 'codes',
): Route {
  return (call) => {
    const body = style === 'codes' ? bodyOf(codec, call) : formOf(codec, call);
    return E.isLeft(body) ? body.left : handle(body.right, call);
  };
}
