// What the location map frames: every location at first. After a search, on a tiled map, the searched place and the
// nearest location (the streets between them are worth seeing); on a plain background, the searched place among
// every location, since close up there is nothing to see.
import type { Coordinates } from '../../../domain/locations';

export interface MapPlace {
  readonly id: string;
  readonly at: Coordinates;
}

/** The points the view is fitted to; `nearestFirst` is the list order (nearest first when there is an origin). */
export function mapFrame(nearestFirst: readonly MapPlace[], origin: Coordinates | undefined, tiled: boolean): Coordinates[] {
  const all = nearestFirst.map((p) => p.at);
  if (origin === undefined) return all;
  if (!tiled || nearestFirst.length === 0) return [origin, ...all];
  return [origin, nearestFirst[0]!.at];
}
