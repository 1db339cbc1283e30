// A phone number as shown ("(212) 555-0143") without putting libphonenumber on the first page: the number is shown
// as the catalog gives it until the formatter has loaded, shortly after the first page, then in national format.
// Pages that load later (the chooser's cards, checkout, confirmation) import the formatter directly.
import { startTransition, useEffect, useState } from 'react';
import { lazyModule } from '../../store/lazyModule';
import { firstPage } from '../runtime/firstPage';

const phone = lazyModule(() => import('../../domain/phone'));

export function usePhoneDisplay(text: string): string {
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (phone.ifLoaded() !== null) return;
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
  }, []);
  return phone.ifLoaded()?.formatPhone(text) ?? text;
}
