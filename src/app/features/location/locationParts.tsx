// The chooser's parts that load on demand (the root provides them from src/app/root/parts.ts): the map, with
// OpenLayers, fetched the first time the chooser opens, and the base map's outlines of the land, drawn where no tiles
// are configured.
import type { ComponentType } from 'react';
import { partsContext } from '../../shell/partsContext';
import type { LazyModule } from '../../../store/lazyModule';
import type LocationMap from './LocationMap';

export interface LocationParts {
  readonly LocationMap: ComponentType<Parameters<typeof LocationMap>[0]>;
  readonly baseMap: LazyModule<typeof import('./baseMap')>;
}

const parts = partsContext<LocationParts>('useLocationParts');

export const LocationPartsProvider = parts.Provider;

export const useLocationParts = parts.use;
