// The chooser's parts that load on demand (the root provides them from src/app/root/parts.ts): the map, with
// OpenLayers, fetched the first time the chooser opens, and the base map's outlines of the land, drawn where no tiles
// are configured.
import { createContext, useContext, type ComponentType } from 'react';
import type { LazyModule } from '../../../store/lazyModule';
import type LocationMap from './LocationMap';

export interface LocationParts {
  readonly LocationMap: ComponentType<Parameters<typeof LocationMap>[0]>;
  readonly baseMap: LazyModule<typeof import('./baseMap')>;
}

const LocationPartsContext = createContext<LocationParts | null>(null);

export const LocationPartsProvider = LocationPartsContext.Provider;

export function useLocationParts(): LocationParts {
  const parts = useContext(LocationPartsContext);
  if (parts === null) throw new Error('useLocationParts needs the root to provide the parts');
  return parts;
}
