// A phone number as shown ("(212) 555-0143") without putting libphonenumber on the first page: the number is shown
// as the catalog gives it until the formatter has loaded, shortly after the first page, then in national format. Pages that load later
// (the chooser's cards, checkout, confirmation) import the formatter directly.
import { useEffect, useState } from 'react';

type Format = (text: string) => string;

/** The formatter is fetched once the first page is up (the footer's number is below the fold). */
const LOAD_AFTER_MS = 300;

let format: Format | null = null;
let loading: Promise<void> | null = null;

function loadFormat(): Promise<void> {
  loading ??= import('../../domain/phone').then(
    (phone) => {
      format = (text) => phone.formatPhone(text);
    },
    (error: unknown) => console.error('countertop: the phone formatter could not load:', error),
  );
  return loading;
}

export function usePhoneDisplay(text: string): string {
  const [, setLoaded] = useState(format !== null);
  useEffect(() => {
    if (format !== null) return;
    let live = true;
    const timer = window.setTimeout(() => void loadFormat().then(() => live && setLoaded(format !== null)), LOAD_AFTER_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, []);
  return format === null ? text : format(text);
}
