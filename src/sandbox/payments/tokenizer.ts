// POST /__sandbox/payments/tokenize: the sandbox card provider. Takes card details, answers a nonce that records the
// outcome a charge will have (see testCards.ts), or 400 {errors: [...]} when the details cannot be a card.
import * as E from 'fp-ts/lib/Either.js';
import { randomBytes } from 'node:crypto';
import { CardDetailsCodec, type TokenizedCard } from '../../api/payments/cardTokenizer';
import { cardDigits } from '../../domain/payments/cardNumbers';
import { decode } from '../../domain/codec';
import type { SandboxCore } from '../core';
import { ok, type Reply } from '../http';
import { brandOf, outcomeOf, tokenizeProblems } from './testCards';

export function tokenize(core: SandboxCore, body: unknown): Reply {
  const decoded = decode(CardDetailsCodec, body ?? {});
  if (E.isLeft(decoded)) return { status: 400, body: { errors: decoded.left } };
  const input = decoded.right;
  const card = {
    digits: cardDigits(input.cardNumber),
    expMonth: input.expMonth,
    expYear: input.expYear,
    cvv: input.cvv.trim(),
    postalCode: input.postalCode.trim(),
  };
  const problems = tokenizeProblems(card);
  if (problems.length > 0) return { status: 400, body: { errors: problems } };
  const outcome = outcomeOf(card, core.now());
  // The nonce names its outcome, so a developer reading a log knows what the charge will do.
  const nonce = `cnon:sandbox:${outcome.toLowerCase()}:${randomBytes(12).toString('base64url')}`;
  const tokenized: TokenizedCard = {
    token: nonce,
    brand: brandOf(card.digits),
    last4: card.digits.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
    postalCode: card.postalCode,
  };
  core.state.nonces[nonce] = {
    nonce,
    brand: tokenized.brand,
    last4: tokenized.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    postalCode: card.postalCode,
    outcome,
    used: false,
  };
  core.changed();
  return ok(tokenized);
}
