// The shape of the base map's shipped outlines (mapOutlines.ts, written by mapOutlines.gen.ts): already in the map's
// projection (Web Mercator), so the browser only adds up small integers into a Path2D and draws it, instead of decoding
// TopoJSON, projecting every point and building OpenLayers features on a phone's first sight of the chooser.

/** What each outline is drawn as, bottom to top. */
export const OUTLINE_KINDS = ['land', 'countries', 'states'] as const;
export type OutlineKind = (typeof OUTLINE_KINDS)[number];

/**
 * One ring (land) or line (borders): the first point in grid units, then each next point as the step from the one
 * before (x east, y north), so most numbers have two or three digits.
 */
export type EncodedLine = readonly number[];

export interface Outlines {
  /** Metres of Web Mercator per grid unit. */
  readonly unit: number;
  /** Land as rings (islands and lakes alike, filled even-odd), and the national and state borders as lines. */
  readonly land: readonly EncodedLine[];
  readonly countries: readonly EncodedLine[];
  readonly states: readonly EncodedLine[];
}

/** Steps from the grid points [x, y] (integers), the first from the origin: the inverse of `decodeLine`. */
export function encodeLine(points: readonly (readonly [number, number])[]): number[] {
  const steps: number[] = [];
  let x = 0;
  let y = 0;
  for (const [px, py] of points) {
    if (steps.length > 0 && px === x && py === y) continue;
    steps.push(px - x, py - y);
    x = px;
    y = py;
  }
  return steps;
}

/** Calls `visit` with each point of a line in grid units. */
export function forEachPoint(line: EncodedLine, visit: (x: number, y: number, index: number) => void): void {
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < line.length; i += 2) {
    x += line[i]!;
    y += line[i + 1]!;
    visit(x, y, i / 2);
  }
}

/** The grid points of a line. */
export function decodeLine(line: EncodedLine): [number, number][] {
  const points: [number, number][] = [];
  forEachPoint(line, (x, y) => points.push([x, y]));
  return points;
}
