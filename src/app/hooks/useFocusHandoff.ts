// Keeps keyboard users where they were when a block swaps its form for its display (or back): the element that
// replaces the one they used takes focus. `handOff(name)` before the swap; `focusTarget(name)` on the new element.
import { useCallback, useRef } from 'react';

export function useFocusHandoff<Name extends string>() {
  const wanted = useRef<Name | null>(null);
  const handOff = useCallback((name: Name) => {
    wanted.current = name;
  }, []);
  const focusTarget = useCallback(
    (name: Name) => (element: HTMLElement | null) => {
      if (element === null || wanted.current !== name) return;
      wanted.current = null;
      // A form takes focus on its first field, a display on itself.
      const field = element.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select');
      (field ?? element).focus();
    },
    [],
  );
  return { handOff, focusTarget };
}
