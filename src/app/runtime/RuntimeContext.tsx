// The running storefront, for components: commands to call and views to read. Pages never reach the store itself.
import { createContext, useContext, type ReactNode } from 'react';
import type { Commands } from '../../commands/commands';
import type { StorefrontViews } from '../../store/views';
import type { Runtime } from './startStorefront';

const RuntimeContext = createContext<Runtime | null>(null);

export function RuntimeProvider({ runtime, children }: { readonly runtime: Runtime; readonly children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside RuntimeProvider');
  return runtime;
}

/** The runtime when there is one (a form rendered alone in a test has none). */
export function useOptionalRuntime(): Runtime | null {
  return useContext(RuntimeContext);
}

export function useCommands(): Commands {
  return useRuntime().commands;
}

export function useViews(): StorefrontViews {
  return useRuntime().views;
}
