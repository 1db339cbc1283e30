// What can go wrong with an API call, as a value the caller matches on (no exceptions cross this layer).
export type ApiError =
  /** fetch itself failed: offline, DNS, the connection dropped before an answer. */
  | { readonly kind: 'network'; readonly call: string; readonly message: string }
  /** No answer within the time-out (60 s, ordering.md section 9). */
  | { readonly kind: 'timeout'; readonly call: string; readonly afterMs: number }
  /** The API answered with a status outside 2xx; `body` is the parsed JSON, or the text when it is not JSON. */
  | { readonly kind: 'http'; readonly call: string; readonly status: number; readonly body: unknown }
  /** A 2xx answer whose body does not have the promised shape. */
  | { readonly kind: 'decode'; readonly call: string; readonly status: number; readonly problems: readonly string[] }
  /** An (auth) call without a usable session: no token, or the refresh was refused (the user is signed out). */
  | { readonly kind: 'unauthorized'; readonly call: string };

/** One line for logs and error reports. */
export function describeApiError(error: ApiError): string {
  switch (error.kind) {
    case 'network':
      return `${error.call}: network error: ${error.message}`;
    case 'timeout':
      return `${error.call}: no answer within ${error.afterMs} ms`;
    case 'http':
      return `${error.call}: HTTP ${error.status}: ${bodyText(error.body)}`;
    case 'decode':
      return `${error.call}: unexpected answer (HTTP ${error.status}): ${error.problems.join('; ')}`;
    case 'unauthorized':
      return `${error.call}: not signed in`;
  }
}

function bodyText(body: unknown): string {
  if (body === undefined) return '(empty body)';
  if (typeof body === 'string') return body;
  try {
    return JSON.stringify(body);
  } catch {
    return String(body);
  }
}

/**
 * The 'prefix - CODE' strings of a failed order call (ordering.md section 8), for orderFailureMessage; [] when the
 * failure carries none (network, time-out, another body shape).
 */
export function orderFailureList(error: ApiError): string[] {
  if (error.kind !== 'http' || !Array.isArray(error.body)) return [];
  return error.body.filter((x): x is string => typeof x === 'string');
}

/**
 * The first message of an account-style failure body: the first element's Errors list (account-and-session.md
 * section 8, e.g. register); undefined when there is none, so the page shows its own default.
 */
export function firstFieldError(error: ApiError): string | undefined {
  if (error.kind !== 'http' || !Array.isArray(error.body)) return undefined;
  const first: unknown = error.body[0];
  if (typeof first !== 'object' || first === null) return undefined;
  const errors: unknown = (first as { Errors?: unknown }).Errors;
  if (!Array.isArray(errors)) return undefined;
  const message: unknown = errors[0];
  return typeof message === 'string' ? message : undefined;
}

/** A status the caller reads on purpose (409 from Loyalty/Verify, 404 for an unknown id). */
export function hasStatus(error: ApiError, status: number): boolean {
  return error.kind === 'http' && error.status === status;
}
