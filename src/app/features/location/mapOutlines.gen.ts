// Rebuilds mapOutlines.ts, the location map's base map when no tile server is configured, from the maintained public
// outlines in us-atlas (state borders, 1:10m) and world-atlas (countries, 1:50m): simplified and quantized so the
// chunk stays small, then projected to the map's Web Mercator here rather than on a phone (see outlinePaths.ts). Only
// the generator reads those packages; the storefront loads the generated module.
//   npx tsx src/app/features/location/mapOutlines.gen.ts           write the module
//   npx tsx src/app/features/location/mapOutlines.gen.ts --check   exit 1 if the module is not what the packages give
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MultiLineString, MultiPolygon, Position } from 'geojson';
import { fromLonLat } from 'ol/proj.js';
import { feature, merge, mesh, quantize } from 'topojson-client';
import { topology } from 'topojson-server';
import { filter, filterWeight, presimplify, simplify } from 'topojson-simplify';
import type { GeometryCollection, GeometryObject, MultiPolygon as MultiPolygonObject, Topology } from 'topojson-specification';
import { COUNTRIES_DRAWN, isEasternHemisphere, isStateOrDc } from './outlineSelection';
import { encodeLine, OUTLINE_KINDS, type EncodedLine, type OutlineKind, type Outlines } from './outlinePaths';

export const OUTLINES_MODULE_PATH = fileURLToPath(new URL('./mapOutlines.ts', import.meta.url));

/** Triangle area (square degrees) below which a bend is dropped: about a pixel at the map's country-wide zooms. */
const MIN_WEIGHT = 0.03;
/** Islands smaller than this (square degrees, about 900 km² at 40°N) are left out: Long Island stays. */
const MIN_ISLAND = 0.1;
/** Positions snap to a 10,000 x 10,000 grid over the region: about 1.3 km apart, well under a pixel there. */
const QUANTIZATION = 1e4;
/** The shipped grid, in metres of Web Mercator: far finer than the quantization above, so it adds no visible error. */
const GRID_METRES = 100;

const require = createRequire(import.meta.url);
const load = (path: string) => JSON.parse(readFileSync(require.resolve(path), 'utf8')) as Topology;
const version = (name: string) => (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;

export function outlineSources(): string {
  return `us-atlas ${version('us-atlas')} and world-atlas ${version('world-atlas')}`;
}

/** The kept parts of the inputs, as GeoJSON: the land of the countries drawn, their borders, and the states' borders. */
export function selectOutlines(us: Topology, countries: Topology): { land: MultiPolygon; states: MultiLineString; countries: MultiLineString } {
  const states = us.objects.states as GeometryCollection;
  const keptStates: GeometryCollection = { ...states, geometries: states.geometries.filter((g) => isStateOrDc(String(g.id))) };
  const all = countries.objects.countries as GeometryCollection;
  const keptCountries: GeometryCollection = { ...all, geometries: all.geometries.filter((g) => COUNTRIES_DRAWN.has(String(g.id))) };
  const westOnly = (lines: MultiLineString): MultiLineString => ({
    type: 'MultiLineString',
    coordinates: lines.coordinates.filter((line) => !isEasternHemisphere(line)),
  });
  return {
    land: {
      type: 'MultiPolygon',
      coordinates: merge(countries, keptCountries.geometries as MultiPolygonObject[]).coordinates.filter((polygon) => !isEasternHemisphere(polygon[0] ?? [])),
    },
    states: westOnly(mesh(us, keptStates, (a, b) => a !== b)),
    countries: westOnly(mesh(countries, keptCountries, (a, b) => a !== b)),
  };
}

/** The kept outlines as one small topology: shared arcs, simplified, then quantized. */
export function buildOutlines(us: Topology, countries: Topology): Topology {
  const chosen = selectOutlines(us, countries);
  const joined = topology({ land: chosen.land, states: chosen.states, countries: chosen.countries });
  // The simplifier's typings want objects without properties; the outlines carry none.
  const weighted = presimplify(joined as unknown as Parameters<typeof presimplify>[0]);
  const simplified = filter(simplify(weighted, MIN_WEIGHT), filterWeight(weighted, MIN_ISLAND));
  return quantize(simplified as unknown as Parameters<typeof quantize>[0], QUANTIZATION) as unknown as Topology;
}

/** The outlines in the map's projection on the shipped grid: land rings, then the borders' lines. */
export function projectOutlines(outlines: Topology): Outlines {
  const toGrid = ([longitude, latitude]: Position): [number, number] => {
    const [x, y] = fromLonLat([longitude ?? 0, latitude ?? 0]);
    return [Math.round((x ?? 0) / GRID_METRES), Math.round((y ?? 0) / GRID_METRES)];
  };
  const lines = (kind: OutlineKind): EncodedLine[] => {
    const { geometry } = feature(outlines, outlines.objects[kind] as GeometryObject) as { geometry: MultiPolygon | MultiLineString };
    const parts = geometry.type === 'MultiPolygon' ? geometry.coordinates.flat() : geometry.coordinates;
    // A line needs two distinct points on the grid, a ring three.
    return parts.map((part) => encodeLine(part.map(toGrid))).filter((line) => line.length >= (kind === 'land' ? 6 : 4));
  };
  return { unit: GRID_METRES, land: lines('land'), countries: lines('countries'), states: lines('states') };
}

export function outlinesModule(outlines: Outlines, sources: string): string {
  const all = OUTLINE_KINDS.flatMap((kind) => outlines[kind]);
  const points = all.reduce((n, line) => n + line.length / 2, 0);
  // Numbers and plain keys only, so it sits in a single-quoted string as it is (JSON.parse is faster than a literal).
  const json = JSON.stringify(outlines);
  if (/['\\\n]/.test(json)) throw new Error('the outlines JSON needs escaping');
  return [
    `// Generated by \`npx tsx src/app/features/location/mapOutlines.gen.ts\` from ${sources}; do not edit by hand.`,
    `// Land, state and national borders of North America and the Caribbean in Web Mercator, on a ${outlines.unit} m grid:`,
    `// ${all.length} rings and lines, ${points} points.`,
    "import type { Outlines } from './outlinePaths';",
    '',
    'export const mapOutlines: Outlines = JSON.parse(',
    `  '${json}',`,
    ');',
    '',
  ].join('\n');
}

export function generatedOutlinesModule(): string {
  return outlinesModule(projectOutlines(buildOutlines(load('us-atlas/states-10m.json'), load('world-atlas/countries-50m.json'))), outlineSources());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = generatedOutlinesModule();
  if (process.argv.includes('--check')) {
    const same = readFileSync(OUTLINES_MODULE_PATH, 'utf8') === text;
    process.stdout.write(same ? 'mapOutlines.ts is up to date\n' : 'mapOutlines.ts differs from what the packages give: run without --check\n');
    process.exitCode = same ? 0 : 1;
  } else {
    writeFileSync(OUTLINES_MODULE_PATH, text);
    process.stdout.write(`wrote ${OUTLINES_MODULE_PATH} (${text.length} characters)\n`);
  }
}
