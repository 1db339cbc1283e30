// Whether the chosen location delivers to an address, and if not, which of the business's locations do
// (ordering.md section 3, "availability per location": LocationId, Available, Distance). The API decides; this only
// reads its answer and words it for the shopper.

export interface LocationAvailability {
  readonly LocationId: string;
  readonly Available: boolean;
  /** Miles; null when the address could not be placed. */
  readonly Distance: number | null;
}

export interface RangeVerdict {
  readonly available: boolean;
  /** Miles from the chosen location; null when unknown. */
  readonly distance: number | null;
  /** The other locations that deliver there, nearest first (ids). */
  readonly deliveringIds: readonly string[];
}

/** The chosen location's answer, and the others that deliver there, nearest first then by id. */
export function rangeVerdict(locationId: string, availability: readonly LocationAvailability[]): RangeVerdict {
  const mine = availability.find((a) => a.LocationId === locationId);
  const delivering = availability
    .filter((a) => a.Available && a.LocationId !== locationId)
    .sort((a, b) => (a.Distance ?? Infinity) - (b.Distance ?? Infinity) || (a.LocationId < b.LocationId ? -1 : a.LocationId > b.LocationId ? 1 : 0))
    .map((a) => a.LocationId);
  return { available: mine?.Available === true, distance: mine?.Distance ?? null, deliveringIds: delivering };
}

/** Distance as the location picker shows it: one decimal, in miles. */
function milesText(miles: number): string {
  return `${(Math.round(miles * 10) / 10).toFixed(1)} mi`;
}

/**
 * Why a location cannot deliver there, and where to turn instead (our wording; the spec gives none): the location's
 * name and distance, then the locations that do deliver, or that none does.
 */
export function outOfRangeMessage(locationName: string, distance: number | null, deliveringNames: readonly string[], radius: number | null): string {
  const away = distance === null ? '' : ` (${milesText(distance)} away${radius === null ? '' : `; it delivers within ${milesText(radius)}`})`;
  const first = `${locationName} does not deliver to this address${away}.`;
  if (deliveringNames.length === 0) return `${first} None of our locations deliver there.`;
  const names = deliveringNames.length === 1 ? deliveringNames[0]! : `${deliveringNames.slice(0, -1).join(', ')} and ${deliveringNames.at(-1)!}`;
  return `${first} ${names} ${deliveringNames.length === 1 ? 'delivers' : 'deliver'} there: change your location to order delivery.`;
}

/** The selected address is kept only while it is in the list (account-and-session.md section 4). */
export function keptSelection(selected: string | null, ids: readonly string[]): string | null {
  return selected !== null && ids.includes(selected) ? selected : null;
}
