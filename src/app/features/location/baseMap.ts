// The location map's light base map when no tile server is configured: land, national and state borders from the
// generated mapOutlines (public us-atlas and world-atlas data), drawn as vectors so the pins sit on a recognisable map
// offline and the map still requests nothing. Loaded with the map, in its own chunk, only when there are no tiles.
import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { feature } from 'topojson-client';
import type { GeometryObject } from 'topojson-specification';
import { mapOutlines } from './mapOutlines';

/** What each outline is drawn as, bottom to top. */
const STYLES = {
  land: new Style({ fill: new Fill({ color: '#f7f6f1' }), stroke: new Stroke({ color: 'rgba(75, 110, 130, 0.45)', width: 0.75 }) }),
  countries: new Style({ stroke: new Stroke({ color: 'rgba(75, 95, 110, 0.55)', width: 1.25 }) }),
  states: new Style({ stroke: new Stroke({ color: 'rgba(75, 95, 110, 0.3)', width: 0.75 }) }),
} as const;

export type OutlineKind = keyof typeof STYLES;
const KINDS = Object.keys(STYLES) as OutlineKind[];

/** The outlines as OpenLayers features in the map's projection, each tagged with its kind, land first. */
export function outlineFeatures(): Feature[] {
  const format = new GeoJSON({ featureProjection: 'EPSG:3857' });
  return KINDS.flatMap((kind) => {
    const read = format.readFeatures(feature(mapOutlines, mapOutlines.objects[kind] as GeometryObject));
    read.forEach((f) => f.set('kind', kind));
    return read;
  });
}

/** A vector layer with the base map; it draws beneath the pins, which are overlays. */
export function baseMapLayer(): VectorLayer {
  return new VectorLayer({
    source: new VectorSource({ features: outlineFeatures(), wrapX: false }),
    style: (f) => STYLES[f.get('kind') as OutlineKind],
    // The outlines are few and fixed: drawing them while panning keeps the map whole instead of blank until idle.
    updateWhileInteracting: true,
    updateWhileAnimating: true,
    className: 'location-map-base',
  });
}
