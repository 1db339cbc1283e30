// The location chooser modal: open while no location is chosen (it cannot be dismissed then), and on demand from
// the header's 'Change It' and the footer's 'Change my location' when several locations exist.
import { createContext, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useView } from '../hooks/useView';
import { useViews } from '../runtime/RuntimeContext';
import { useRecordDialog } from './useClientEvents';

/**
 * The chooser as the root gives it: its code (its search, the ZIP lookup, the cards) loads only where it can be
 * needed: a business with several locations, or while none is chosen. A single-location store never fetches it.
 */
export type LocationChooserComponent = ComponentType<{ readonly open: boolean; readonly dismissible: boolean; readonly onClose: () => void }>;

export interface LocationChooserApi {
  /** Opens the chooser (does nothing with a single location). */
  readonly open: () => void;
  /** Whether the shopper can change location at all (several locations exist). */
  readonly canChange: boolean;
}

const LocationChooserContext = createContext<LocationChooserApi>({ open: () => undefined, canChange: false });

export function LocationChooserProvider({ Chooser, children }: { readonly Chooser: LocationChooserComponent; readonly children: ReactNode }) {
  const views = useViews();
  const location = useView(views.location);
  const locations = useView(views.locations);
  const [asked, setAsked] = useState(false);
  const canChange = locations.length > 1;
  const open = useCallback(() => setAsked(true), []);
  const close = useCallback(() => setAsked(false), []);
  const api = useMemo(() => ({ open: canChange ? open : () => undefined, canChange }), [open, canChange]);
  const mustChoose = location === null && locations.length > 0;
  useRecordDialog(mustChoose || (asked && canChange) ? 'location' : null, null);
  return (
    <LocationChooserContext.Provider value={api}>
      {children}
      {canChange || mustChoose ? <Chooser open={mustChoose || (asked && canChange)} dismissible={!mustChoose} onClose={close} /> : null}
    </LocationChooserContext.Provider>
  );
}

export function useLocationChooser(): LocationChooserApi {
  return useContext(LocationChooserContext);
}
