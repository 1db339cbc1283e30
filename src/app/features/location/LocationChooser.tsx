// The location picker modal (account-and-session.md section 2; section 4, Locations and Location finder): a zip
// search, 'Use My Location', the locations nearest first (by name without a search) and a map. Choosing one records
// it through the selectLocation command and closes the chooser.
import * as E from 'fp-ts/lib/Either.js';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { locationCoordinates, sortLocationsByDistance } from '../../../domain/locations';
import { Dialog } from '../../components/Dialog';
import { useView } from '../../hooks/useView';
import { useRuntime } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { LocationCard } from './LocationCard';
import type { MapLocation } from './LocationMap';
import { MapBoundary } from './MapBoundary';
import { useLocationParts } from './locationParts';
import { useLocationFinder } from './useLocationFinder';
import './location.css';

export const CHOOSER_TITLE = 'Choose a location';

/** The toast after a choice; the spec gives none, and a shopper should hear which store they now order from. */
export const chosenMessage = (name: string) => `You\u2019re ordering from ${name}.`;

export function LocationChooser({ open, dismissible, onClose }: { readonly open: boolean; readonly dismissible: boolean; readonly onClose: () => void }) {
  const runtime = useRuntime();
  // OpenLayers comes with the map's chunk, fetched the first time the chooser opens.
  const { LocationMap } = useLocationParts();
  const locations = useView(runtime.views.locations);
  const current = useView(runtime.views.location);
  const catalog = useView(runtime.views.catalog);
  const finder = useLocationFinder(open);
  const [choosing, setChoosing] = useState<string | null>(null);
  // The zip box has focus when the chooser opens: searching is what most shoppers do first.
  const zipInput = useRef<HTMLInputElement>(null);
  const mapShown = useMapAfterPaint(open);

  const business = catalog?.catalog.Name ?? '';
  const origin = finder.search?.origin;
  const sorted = useMemo(
    () =>
      sortLocationsByDistance(
        locations.map((l) => l.location),
        origin,
      ),
    [locations, origin],
  );
  const places = useMemo<MapLocation[]>(
    () =>
      sorted.flatMap(({ location, miles }) => {
        const at = locationCoordinates(location);
        return at ? [{ id: location.Id, at, location, miles }] : [];
      }),
    [sorted],
  );
  const currentId = current?.location.Id ?? null;

  const choose = useCallback(
    async (id: string) => {
      if (choosing !== null) return;
      if (id === currentId) {
        onClose();
        return;
      }
      setChoosing(id);
      const result = await runtime.commands.selectLocation(id);
      setChoosing(null);
      if (E.isLeft(result)) {
        notify.error(result.left);
        return;
      }
      onClose();
      const name = locations.find((l) => l.location.Id === id)?.location.Name;
      if (name) notify.success(chosenMessage(name));
    },
    [choosing, currentId, locations, onClose, runtime.commands],
  );

  const count = sorted.length;
  const summary = `${count} ${count === 1 ? 'location' : 'locations'}${finder.search ? `, nearest to ${finder.search.postalCode} first` : ''}`;
  // Today's hours follow the app's clock (a replay's is the log's time), to the minute.
  const now = useView(runtime.views.minute);

  return (
    <Dialog open={open} title={CHOOSER_TITLE} dismissible={dismissible} onClose={onClose} className="location-dialog" initialFocus={zipInput}>
      <div className="location-finder">
        <div className="location-finder-search">
          <p className="location-finder-lead">
            {business ? `Pick the ${business} location you\u2019d like to order from.` : 'Pick the location you\u2019d like to order from.'} Search by zip code
            to see the nearest first.
          </p>
          <div className="location-finder-controls">
            <form
              className="location-finder-form"
              role="search"
              aria-label="Find a location by zip code"
              onSubmit={(event) => {
                event.preventDefault();
                void finder.submit();
              }}
            >
              <label className="visually-hidden" htmlFor="location-zip">
                Zip code
              </label>
              <input
                id="location-zip"
                ref={zipInput}
                className="location-finder-input"
                type="search"
                inputMode="numeric"
                autoComplete="postal-code"
                placeholder="Enter a zip code"
                maxLength={10}
                value={finder.text}
                onChange={(event) => finder.type(event.target.value)}
              />
              <button type="submit" className="btn btn-primary location-finder-submit">
                Search
              </button>
            </form>
            <button
              type="button"
              className="btn btn-secondary location-finder-locate"
              onClick={() => void finder.locateMe()}
              disabled={finder.locating}
              aria-busy={finder.locating || undefined}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <circle cx="12" cy="12" r="4" fill="currentColor" />
                <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                <circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              {finder.locating ? 'Finding you\u2026' : 'Use My Location'}
            </button>
          </div>
          {finder.message ? (
            <p className="notice notice-warning location-finder-message" role="alert">
              {finder.message}
            </p>
          ) : null}
        </div>

        <div className="location-finder-map">
          <MapBoundary fallback={<p className="location-map-fallback">The map isn&rsquo;t available right now. Every location is in the list.</p>}>
            {mapShown ? (
              <Suspense fallback={<div className="location-map-fallback" aria-hidden="true" />}>
                <LocationMap
                  places={places}
                  currentId={currentId}
                  origin={origin}
                  tileUrl={runtime.config.MapTileUrl}
                  label={business ? `Map of ${business} locations` : 'Map of our locations'}
                  disabled={choosing !== null}
                  onSelect={(id) => void choose(id)}
                />
              </Suspense>
            ) : (
              <div className="location-map-fallback" aria-hidden="true" />
            )}
          </MapBoundary>
        </div>

        <div className="location-finder-results">
          <p className="location-finder-summary" role="status">
            {summary}
          </p>
          <ul className="location-list" aria-label="Locations">
            {sorted.map(({ location, miles }) => (
              <li key={location.Id}>
                <LocationCard
                  location={location}
                  miles={miles}
                  current={location.Id === currentId}
                  now={now}
                  choosing={choosing === location.Id}
                  disabled={choosing !== null}
                  onSelect={(id) => void choose(id)}
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * Whether the map may come: once the open chooser has painted and the browser is idle. The map's code (OpenLayers,
 * 85 KB) and its first drawing were on the path of the chain's largest paint, the chooser's first words; its place
 * is kept meanwhile, so nothing moves when it arrives.
 */
function useMapAfterPaint(open: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!open || shown) return undefined;
    const show = () => setShown(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(show, { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(show, 200);
    return () => window.clearTimeout(timer);
  }, [open, shown]);
  return shown;
}
