// The location picker's map (account-and-session.md section 2): a marker per location and an info window for the
// marker clicked. OpenLayers is loaded with this module only, when the chooser opens. Tiles come only from a
// configured MapTileUrl; without one the markers sit on a light base map of land and borders drawn from shipped public
// outlines (baseMap.ts, its own chunk) and the map requests nothing beyond the app's code. The list beside it is the
// accessible way to choose: markers stay out of the tab order.
import 'ol/ol.css';
import OlMap from 'ol/Map';
import Overlay from 'ol/Overlay';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import { boundingExtent } from 'ol/extent';
import TileLayer from 'ol/layer/Tile';
import { fromLonLat } from 'ol/proj';
import XYZ from 'ol/source/XYZ';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Location } from '../../../domain/catalog/codecs';
import { formatDistance, type Coordinates } from '../../../domain/locations';
import { addressLines } from '../../../domain/address';
import { nextTask } from '../../runtime/nextTask';
import { mapFrame, type MapPlace } from './mapFrame';
import { useLocationParts } from './locationParts';
import './locationMap.css';

export interface MapLocation extends MapPlace {
  readonly location: Location;
  readonly miles: number | undefined;
}

export interface LocationMapProps {
  /** Located places in list order (nearest first after a search). */
  readonly places: readonly MapLocation[];
  readonly currentId: string | null;
  /** The searched place, marked and framed with the nearest location. */
  readonly origin: Coordinates | undefined;
  readonly tileUrl: string | undefined;
  readonly label: string;
  readonly disabled: boolean;
  readonly onSelect: (id: string) => void;
}

const toMap = (at: Coordinates) => fromLonLat([at.longitude, at.latitude]);
// Room on the right for the town labels beside the pins, and above for an info window.
const FIT_PADDING = [72, 104, 40, 48];
/** Street level is too close for a pin on a blank background; a neighbourhood is enough. */
const MAX_FIT_ZOOM = 13;

export default function LocationMap({ places, currentId, origin, tileUrl, label, disabled, onSelect }: LocationMapProps) {
  const { baseMap } = useLocationParts();
  const target = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<OlMap | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  /** How many base map outlines were drawn (for tests and support); undefined until drawn, or with tiles. */
  const [outlinesDrawn, setOutlinesDrawn] = useState<number | undefined>(undefined);
  const popupHost = useMemo(() => document.createElement('div'), []);
  const originHost = useMemo(() => document.createElement('div'), []);
  const idsKey = places.map((p) => p.id).join('\n');
  // One host element per marker; React renders the marker buttons into them through portals.
  const markerHosts = useMemo(
    () =>
      new Map(
        idsKey
          .split('\n')
          .filter(Boolean)
          .map((id) => [id, document.createElement('div')] as const),
      ),
    [idsKey],
  );

  // The map itself: built once per tile setting, then put on the page in a task of its own (building it and laying it
  // out were one long task on a phone).
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    // Without tiles the base map's outlines (baseMap.ts, below) are drawn on the sea of the map's own background. A
    // graticule under them cost the map's first drawing a long task on a phone, for lines the outlines cover.
    const created = new OlMap({
      layers: tileUrl ? [new TileLayer({ source: new XYZ({ url: tileUrl, crossOrigin: 'anonymous' }) })] : [],
      view: new View({ center: fromLonLat([-96, 39]), zoom: 3, minZoom: 2, maxZoom: 19 }),
      controls: defaultControls({ rotate: false, attribution: tileUrl !== undefined, zoomOptions: { zoomInTipLabel: 'Zoom in', zoomOutTipLabel: 'Zoom out' } }),
    });
    created.getViewport()?.querySelector('.ol-zoom-in')?.setAttribute('aria-label', 'Zoom in');
    created.getViewport()?.querySelector('.ol-zoom-out')?.setAttribute('aria-label', 'Zoom out');
    created.on('click', () => setOpenId(null));
    let disposed = false;
    void nextTask().then(() => {
      if (disposed) return;
      created.setTarget(element);
      setMap(created);
      if (tileUrl) return;
      baseMap.load().then(
        ({ baseMapLayer }) => {
          if (!disposed) created.addLayer(baseMapLayer(setOutlinesDrawn));
        },
        // Without its chunk the pins stay on the plain background; the list still lists every location.
        () => undefined,
      );
    });
    return () => {
      disposed = true;
      setOutlinesDrawn(undefined);
      created.setTarget(undefined);
      created.dispose();
      setMap(null);
    };
  }, [tileUrl, baseMap]);

  // Markers follow the places.
  useEffect(() => {
    if (!map) return;
    const overlays = places.flatMap((place) => {
      const element = markerHosts.get(place.id);
      if (!element) return [];
      const overlay = new Overlay({ element, position: toMap(place.at), positioning: 'bottom-center', className: 'location-map-marker-host' });
      map.addOverlay(overlay);
      return [overlay];
    });
    return () => overlays.forEach((overlay) => map.removeOverlay(overlay));
  }, [map, places, markerHosts]);

  // The searched place.
  useEffect(() => {
    if (!map || !origin) return;
    const overlay = new Overlay({ element: originHost, position: toMap(origin), positioning: 'center-center', stopEvent: false });
    map.addOverlay(overlay);
    return () => void map.removeOverlay(overlay);
  }, [map, origin, originHost]);

  // The info window; made in an effect because an Overlay takes its element over (a memo may run twice).
  const [popup, setPopup] = useState<Overlay | null>(null);
  useEffect(() => {
    if (!map) return;
    const overlay = new Overlay({
      element: popupHost,
      positioning: 'bottom-center',
      offset: [0, -54],
      autoPan: { animation: { duration: 200 }, margin: 16 },
      className: 'location-map-popup-host',
    });
    map.addOverlay(overlay);
    // The overlay is an OpenLayers object made against the live map; the page learns of it once it exists.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPopup(overlay);
    return () => {
      map.removeOverlay(overlay);
      setPopup(null);
    };
  }, [map, popupHost]);
  const opened = places.find((p) => p.id === openId);
  useEffect(() => {
    popup?.setPosition(opened ? toMap(opened.at) : undefined);
  }, [popup, opened]);

  // Framing: all locations, or the searched place with the nearest one; again whenever the map is resized.
  const frame = useMemo(() => mapFrame(places, origin, tileUrl !== undefined), [places, origin, tileUrl]);
  useEffect(() => {
    if (!map || frame.length === 0) return;
    const fit = () => {
      const size = map.getSize();
      if (!size || size[0] === 0 || size[1] === 0) return;
      map.getView().fit(boundingExtent(frame.map(toMap)), { padding: FIT_PADDING, maxZoom: MAX_FIT_ZOOM, size });
    };
    fit();
    map.on('change:size', fit);
    return () => map.un('change:size', fit);
  }, [map, frame]);

  return (
    <section className={`location-map${tileUrl ? ' has-tiles' : ''}`} aria-label={label}>
      <div ref={target} className="location-map-canvas" data-marker-count={map ? places.length : undefined} data-outlines-drawn={outlinesDrawn} />
      {[...markerHosts].map(([id, host]) => {
        const place = places.find((p) => p.id === id);
        if (!place) return null;
        const current = id === currentId;
        return createPortal(
          <button
            type="button"
            tabIndex={-1}
            className={`location-map-marker${current ? ' is-current' : ''}${openId === id ? ' is-open' : ''}`}
            // The name, and the town the pin's label shows.
            aria-label={`${place.location.Name}, ${place.location.Address.Locality}`}
            aria-expanded={openId === id}
            onClick={() => setOpenId((was) => (was === id ? null : id))}
          >
            <svg viewBox="0 0 32 44" width="32" height="44" aria-hidden="true" focusable="false">
              <path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 43 16 43s15-16 15-27.2C31 7.6 24.3 1 16 1z" />
              <circle cx="16" cy="16" r="6" />
            </svg>
            <span className="location-map-marker-label" aria-hidden="true">
              {place.location.Address.Locality}
            </span>
          </button>,
          host,
          id,
        );
      })}
      {origin
        ? createPortal(
            <span className="location-map-origin" aria-hidden="true">
              <span />
            </span>,
            originHost,
          )
        : null}
      {createPortal(
        opened ? (
          <div className="location-map-popup" role="group" aria-label={opened.location.Name}>
            <button type="button" className="location-map-popup-close" aria-label="Close info window" onClick={() => setOpenId(null)}>
              <span aria-hidden="true">×</span>
            </button>
            <p className="location-map-popup-name">{opened.location.Name}</p>
            <p className="location-map-popup-address">
              {addressLines(opened.location.Address).join(', ')}
              {formatDistance(opened.miles) ? <span className="location-map-popup-distance"> · {formatDistance(opened.miles)}</span> : null}
            </p>
            <button type="button" className="btn btn-primary location-map-popup-select" disabled={disabled} onClick={() => onSelect(opened.id)}>
              Select Location
            </button>
          </div>
        ) : null,
        popupHost,
      )}
    </section>
  );
}
