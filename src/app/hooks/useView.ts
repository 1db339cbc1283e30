// Pages read the log's views through useSyncExternalStore: tear-free, and a render only when the view changed.
import { useSyncExternalStore } from 'react';
import type { View } from '../../store/view';

export function useView<T>(view: View<T>): T {
  return useSyncExternalStore(view.subscribe, view.get, view.get);
}
