// The parts that load on demand which features and shared hooks show or use: the root decides what loads when
// (src/app/root/parts.ts) and provides them here, so nothing below it names a module to fetch.
import { createContext, useContext, type ComponentType } from 'react';
import type { OpenStatus } from '../components/OpenStatus';
import type { LazyModule } from '../../store/lazyModule';

export interface SharedParts {
  /** Whether the location is open, shown once the time rules are in. */
  readonly OpenStatus: ComponentType<Parameters<typeof OpenStatus>[0]>;
  /** The phone rules (libphonenumber and its metadata), for numbers shown before any form needs them. */
  readonly phone: LazyModule<typeof import('../../domain/phone')>;
}

const SharedPartsContext = createContext<SharedParts | null>(null);

export const SharedPartsProvider = SharedPartsContext.Provider;

export function useSharedParts(): SharedParts {
  const parts = useContext(SharedPartsContext);
  if (parts === null) throw new Error('useSharedParts needs the root to provide the parts');
  return parts;
}
