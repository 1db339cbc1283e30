// The location map's base map data (issue 17): which public outlines are kept, and the shipped module is exactly what
// the generator makes from the pinned us-atlas and world-atlas packages (no hand edits, no drift after an upgrade).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { fromLonLat, toLonLat } from 'ol/proj.js';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { generatedOutlinesModule, OUTLINES_MODULE_PATH } from '../../src/app/features/location/mapOutlines.gen';
import { mapOutlines } from '../../src/app/features/location/mapOutlines';
import { COUNTRIES_DRAWN, isEasternHemisphere, isStateOrDc } from '../../src/app/features/location/outlineSelection';
import { decodeLine, encodeLine, OUTLINE_KINDS } from '../../src/app/features/location/outlinePaths';

const require = createRequire(import.meta.url);

describe('which outlines the base map keeps', () => {
  it('keeps the 50 states and DC and leaves out the territories', () => {
    const states = (JSON.parse(readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8')) as Topology).objects.states as GeometryCollection;
    const left = states.geometries.filter((g) => !isStateOrDc(String(g.id))).map((g) => (g.properties as { name?: string } | undefined)?.name);
    expect(states.geometries.filter((g) => isStateOrDc(String(g.id)))).toHaveLength(51);
    expect(left.sort()).toEqual(['American Samoa', 'Commonwealth of the Northern Mariana Islands', 'Guam', 'Puerto Rico', 'United States Virgin Islands']);
    expect(['00', '1', '57', 'CA', ''].some(isStateOrDc)).toBe(false);
  });

  it('draws the countries around the storefronts, not the rest of the world', () => {
    for (const code of ['840', '124', '484', '192']) expect(COUNTRIES_DRAWN.has(code)).toBe(true);
    for (const code of ['643', '826', '076', '036']) expect(COUNTRIES_DRAWN.has(code)).toBe(false);
  });

  it('drops a shape only when every point of it is east of Greenwich (the western Aleutians)', () => {
    expect(
      isEasternHemisphere([
        [172.5, 52.9],
        [173.3, 52.8],
        [172.9, 53.0],
      ]),
    ).toBe(true);
    expect(
      isEasternHemisphere([
        [-179.9, 51.8],
        [179.8, 51.9],
      ]),
    ).toBe(false);
    expect(isEasternHemisphere([])).toBe(false);
    const point = (lo: number, hi: number) => fc.tuple(fc.double({ min: lo, max: hi, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true }));
    fc.assert(fc.property(fc.array(point(0.001, 180), { minLength: 1 }), (ring) => isEasternHemisphere(ring)));
    fc.assert(
      fc.property(fc.array(point(0.001, 180)), point(-180, 0), fc.nat(), (ring, west, at) => {
        const withWest = [...ring];
        withWest.splice(at % (ring.length + 1), 0, west);
        return !isEasternHemisphere(withWest);
      }),
    );
  });
});

describe('the shipped outlines', () => {
  it('are exactly what the generator makes from the packages', () => {
    expect(readFileSync(OUTLINES_MODULE_PATH, 'utf8')).toBe(generatedOutlinesModule());
  });

  it('hold land rings and state and national border lines in Web Mercator, inside North America, and small', () => {
    expect(mapOutlines.unit).toBe(100);
    for (const kind of OUTLINE_KINDS) expect(mapOutlines[kind].length).toBeGreaterThan(kind === 'countries' ? 5 : 40);
    let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const kind of OUTLINE_KINDS) {
      for (const line of mapOutlines[kind]) {
        const points = decodeLine(line);
        // Every point is a step from the last (no repeats), and a ring has at least three.
        expect(points.length).toBeGreaterThanOrEqual(kind === 'land' ? 3 : 2);
        for (const [x, y] of points) {
          const [longitude, latitude] = toLonLat([x * mapOutlines.unit, y * mapOutlines.unit]) as [number, number];
          [west, south, east, north] = [Math.min(west, longitude), Math.min(south, latitude), Math.max(east, longitude), Math.max(north, latitude)];
        }
      }
    }
    // Inside North America and the Caribbean: nothing past the antimeridian, nothing in Europe.
    expect(west).toBeGreaterThanOrEqual(-180);
    expect(east).toBeLessThan(0);
    expect(south).toBeGreaterThan(-10);
    expect(north).toBeLessThan(85);
    expect(readFileSync(OUTLINES_MODULE_PATH, 'utf8').length).toBeLessThan(60_000);
  });

  it('put Denver and Chicago on land and the Gulf of Mexico in the sea (even-odd over the land rings)', () => {
    const inside = (longitude: number, latitude: number) => {
      const [px, py] = fromLonLat([longitude, latitude]).map((v) => v / mapOutlines.unit) as [number, number];
      let crossings = 0;
      for (const ring of mapOutlines.land) {
        const points = decodeLine(ring);
        points.forEach(([x1, y1], i) => {
          const [x2, y2] = points[(i + 1) % points.length]!;
          if (y1 > py !== y2 > py && px < ((x2 - x1) * (py - y1)) / (y2 - y1) + x1) crossings += 1;
        });
      }
      return crossings % 2 === 1;
    };
    expect([inside(-104.99, 39.75), inside(-87.68, 41.91), inside(-90, 25), inside(-40, 30)]).toEqual([true, true, false, false]);
  });
});

describe("the outlines' line encoding", () => {
  it('gives back the grid points it was given, without repeats in a row', () => {
    const point = fc.tuple(fc.integer({ min: -200_000, max: 200_000 }), fc.integer({ min: -200_000, max: 200_000 }));
    fc.assert(
      fc.property(fc.array(point), (points) => {
        const unrepeated = points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]);
        expect(decodeLine(encodeLine(points))).toEqual(unrepeated);
      }),
    );
    expect(
      encodeLine([
        [5, 7],
        [5, 7],
        [6, 5],
      ]),
    ).toEqual([5, 7, 1, -2]);
  });
});
