// The menu's parts that load on demand (the root provides them from src/app/root/parts.ts): the sections of the
// whole menu below the home page's categories, and the rules a tap on an item card decides with.
import type { ComponentType } from 'react';
import { partsContext } from '../../shell/partsContext';
import type { LazyModule } from '../../../store/lazyModule';
import type { MenuSections } from './MenuSections';

export interface CatalogParts {
  readonly MenuSections: ComponentType<Parameters<typeof MenuSections>[0]>;
  /** What a tap on an item card decides without the panel (sold out, or added at once). */
  readonly quickAdd: LazyModule<typeof import('../../../domain/items/quickAdd')>;
}

const parts = partsContext<CatalogParts>('useCatalogParts');

export const CatalogPartsProvider = parts.Provider;

export const useCatalogParts = parts.use;
