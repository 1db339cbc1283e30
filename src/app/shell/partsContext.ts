// The one shape of a parts contract (sharedParts.tsx and the features' own): a context the root fills with the parts
// it loads on demand, and a hook that reads it, failing loudly where the root did not provide it.
import { createContext, useContext } from 'react';

export function partsContext<T>(name: string) {
  const context = createContext<T | null>(null);
  return {
    Provider: context.Provider,
    use(): T {
      const parts = useContext(context);
      if (parts === null) throw new Error(`${name} needs the root to provide its parts (src/app/root/PartsProviders.tsx)`);
      return parts;
    },
  };
}
