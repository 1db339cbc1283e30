// The parts that load on demand which features and shared hooks show or use: the root decides what loads when
// (src/app/root/parts.ts) and provides them here, so nothing below it names a module to fetch.
import type { ComponentType } from 'react';
import { partsContext } from './partsContext';
import type { OpenStatus } from '../components/OpenStatus';
import type { LazyModule } from '../../store/lazyModule';

export interface SharedParts {
  /** Whether the location is open, shown once the time rules are in. */
  readonly OpenStatus: ComponentType<Parameters<typeof OpenStatus>[0]>;
  /** The phone rules (libphonenumber and its metadata), for numbers shown before any form needs them. */
  readonly phone: LazyModule<typeof import('../../domain/phone')>;
}

const parts = partsContext<SharedParts>('useSharedParts');

export const SharedPartsProvider = parts.Provider;

export const useSharedParts = parts.use;
