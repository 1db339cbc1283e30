// A phone number as shown ("(212) 555-0143") without putting libphonenumber on the first page: the number is shown
// as the catalog gives it until the formatter has loaded, shortly after the first page, then in national format.
// Pages that load later (the chooser's cards, checkout, confirmation) import the formatter directly.
import { startTransition, useEffect, useMemo, useState } from 'react';
import { firstPage } from '../runtime/firstPage';
import { useSharedParts } from '../shell/sharedParts';

export function usePhoneDisplay(text: string): string {
  const { phone } = useSharedParts();
  // Formatted once this component has heard that the formatter is in, in its own transition: a render another update
  // forces meanwhile (the views' updates render at once) keeps the number as given instead of parsing it there, in
  // one long task with every other card's.
  const [loaded, setLoaded] = useState(() => phone.ifLoaded() !== null);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    // The footer's number is below the fold: fetched once the first page is up.
    const cancel = firstPage.after(() => {
      phone.load().then(
        // As a transition: React renders the cards that format a number in slices it can pause, not one long task
        // (the formatter's first number reads its metadata).
        () => live && startTransition(() => setLoaded(true)),
        (error: unknown) => console.warn('countertop: the phone formatter could not load; numbers stay as given:', error),
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [loaded, phone]);
  // Parsed once per number: a card renders again at every update of the views it reads.
  return useMemo(() => (loaded ? (phone.ifLoaded()?.formatPhone(text) ?? text) : text), [loaded, text, phone]);
}
