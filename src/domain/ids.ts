// Ids compare without regard to case everywhere (account-and-session.md section 5, ordering.md section 5): one
// folding, upper then lower, which treats letters like the German sharp s the same way in both directions.

/** The form of an id that two spellings of the same id share. */
export function idKey(id: string): string {
  return id.toUpperCase().toLowerCase();
}

/** Whether two ids name the same thing. */
export function sameId(a: string, b: string): boolean {
  return a === b || idKey(a) === idKey(b);
}

/** The first of `ids` that names the same thing as `id`, as it is spelled in the list. */
export function matchingId(ids: Iterable<string>, id: string): string | undefined {
  for (const candidate of ids) if (sameId(candidate, id)) return candidate;
  return undefined;
}
