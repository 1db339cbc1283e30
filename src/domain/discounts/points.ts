// Points in the business's words (account-and-session.md section 3: Terminology One and Other, default Point and
// Points), apart from the pages' messages so the bag's rules carry only these.

export interface Terminology {
  readonly one: string;
  readonly other: string;
}

/** '1 Point', '120 Points', in the business's words. */
export function points(count: number, terminology: Terminology): string {
  return `${count} ${count === 1 ? terminology.one : terminology.other}`;
}

/** A reward the balance does not reach: how many more points it takes. */
export function pointsMissing(needed: number, balance: number, terminology: Terminology): string {
  return `You need ${points(needed - balance, terminology)} more for this reward.`;
}
