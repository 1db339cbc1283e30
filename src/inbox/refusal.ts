// Why the inbox said no, as a value: each part returns one and only the HTTP edge turns it into an answer.

export interface Refusal {
  readonly status: number;
  /** A stable code a client can branch on: 'share_stopped', 'share_too_large', 'too_many_codes', ... */
  readonly error: string;
  /** A sentence a person can act on. */
  readonly message: string;
  /** One line per problem, each naming its line and field (a refused chunk). */
  readonly problems?: readonly string[];
  /** Seconds until a locked look-up may be tried again (429). */
  readonly retryAfterSeconds?: number;
}

export const refusal = (status: number, error: string, message: string, extra: Pick<Refusal, 'problems' | 'retryAfterSeconds'> = {}): Refusal => ({
  status,
  error,
  message,
  ...extra,
});
