// Why the sandbox refuses an order, in the forms the API answers with: a body list of 'prefix - CODE' strings, each
// followed by its detail lines for a person (Order/Place), or OrderStatus Errors (a queued order's status).
import type { OrderError } from '../../domain/orders/codecs';
import { codes, type Reply } from '../http';

export interface Problem {
  /** 'prefix - CODE', e.g. 'Inventory - VARIATION_OUT_OF_STOCK'. */
  readonly code: string;
  readonly details: readonly string[];
}

export interface Refusal {
  readonly status: number;
  readonly problems: readonly Problem[];
}

export function problemOf(code: string, ...details: string[]): Problem {
  return { code, details };
}

export function refuse(status: number, code: string, ...details: string[]): Refusal {
  return { status, problems: [problemOf(code, ...details)] };
}

export function refusalReply(refusal: Refusal): Reply {
  return codes(refusal.status, ...refusal.problems.flatMap((p) => [p.code, ...p.details]));
}

/** The refusal as OrderStatus Errors: Category and Code from 'prefix - CODE', the details as Detail. */
export function refusalErrors(refusal: Refusal): OrderError[] {
  return refusal.problems.map((p) => {
    const dash = p.code.lastIndexOf(' - ');
    const error: OrderError = { Category: dash < 0 ? 'Order' : p.code.slice(0, dash), Code: dash < 0 ? p.code : p.code.slice(dash + 3) };
    return p.details.length > 0 ? { ...error, Detail: p.details.join('; ') } : error;
  });
}
