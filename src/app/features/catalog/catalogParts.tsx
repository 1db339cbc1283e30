// The menu's parts that load on demand (the root provides them from src/app/root/parts.ts): the sections of the
// whole menu below the home page's categories, and the rules a tap on an item card decides with.
import { createContext, useContext, type ComponentType } from 'react';
import type { LazyModule } from '../../../store/lazyModule';
import type { MenuSections } from './MenuSections';

export interface CatalogParts {
  readonly MenuSections: ComponentType<Parameters<typeof MenuSections>[0]>;
  /** What a tap on an item card decides without the panel (sold out, or added at once). */
  readonly quickAdd: LazyModule<typeof import('../../../domain/items/quickAdd')>;
}

const CatalogPartsContext = createContext<CatalogParts | null>(null);

export const CatalogPartsProvider = CatalogPartsContext.Provider;

export function useCatalogParts(): CatalogParts {
  const parts = useContext(CatalogPartsContext);
  if (parts === null) throw new Error('useCatalogParts needs the root to provide the parts');
  return parts;
}
