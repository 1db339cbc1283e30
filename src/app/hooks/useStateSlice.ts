// One slice of a view, so a block re-renders only when its slice changed (the reducers keep untouched slices as the
// same objects). `select` must return a part of the value or a primitive, not a new object.
import { useSyncExternalStore } from 'react';
import type { State } from '../../events/state';
import type { View } from '../../store/view';
import { useViews } from '../runtime/RuntimeContext';

export function useSelected<T, S>(view: View<T>, select: (value: T) => S): S {
  const read = () => select(view.get());
  return useSyncExternalStore(view.subscribe, read, read);
}

export function useStateSlice<T>(select: (state: State) => T): T {
  return useSelected(useViews().state, select);
}
