// The location finder's state (account-and-session.md section 4, Location finder): the zip box, the search it
// applied, 'Use My Location', and the message shown when either finds nothing. The ZIP table loads once the shopper
// types a zip or asks for their location, never with the first page or the chooser.
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchLocations, type Coordinates } from '../../../domain/locations';
import { loadZipTable } from '../../../domain/postal/loadZipTable';
import type { ZipTable } from '../../../domain/postal/zipEncoding';
import { nearestPostalCode } from '../../../domain/postal/zipLookup';
import { notify } from '../../shell/notify';
import { LOCATE_MESSAGES, locateShopper } from './locateShopper';

/** Shown when the ZIP table chunk cannot be fetched (offline, a failed deploy). */
export const ZIP_TABLE_FAILED = 'We couldn\u2019t load zip codes just now. Please check your connection and try again.';

export interface AppliedSearch {
  readonly postalCode: string;
  readonly origin: Coordinates;
}

export interface LocationFinder {
  readonly text: string;
  /** The search the list is sorted by; null when there is none (the list is then by name). */
  readonly search: AppliedSearch | null;
  /** Why the last search or 'Use My Location' found nothing; null otherwise. */
  readonly message: string | null;
  readonly locating: boolean;
  readonly type: (text: string) => void;
  readonly submit: () => Promise<void>;
  readonly locateMe: () => Promise<void>;
}

export function useLocationFinder(active: boolean): LocationFinder {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<AppliedSearch | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const table = useRef<ZipTable | null>(null);
  const typed = useRef('');
  const locateAbort = useRef<AbortController | null>(null);

  // Stop locating when the chooser closes.
  useEffect(() => {
    if (!active) locateAbort.current?.abort();
  }, [active]);

  useEffect(() => () => locateAbort.current?.abort(), []);

  const zipTable = useCallback(async (): Promise<ZipTable | null> => {
    if (table.current) return table.current;
    try {
      table.current = await loadZipTable();
      return table.current;
    } catch {
      setMessage(ZIP_TABLE_FAILED);
      notify.error(ZIP_TABLE_FAILED);
      return null;
    }
  }, []);

  const run = useCallback(
    async (typed: string) => {
      if (typed.trim() === '') {
        setSearch(null);
        setMessage(null);
        return;
      }
      const loaded = await zipTable();
      if (!loaded) return;
      const result = searchLocations(typed, loaded);
      if (result.kind === 'cleared') {
        setSearch(null);
        setMessage(null);
      } else if (result.kind === 'found') {
        setSearch({ postalCode: result.postalCode, origin: result.origin });
        setMessage(null);
      } else {
        // The list keeps its last order; the summary above it still names the zip it is sorted by.
        setMessage(result.message);
        notify.error(result.message);
      }
    },
    [zipTable],
  );

  // A complete, known zip re-sorts the list as it is typed; anything else waits for Search (and its toast).
  const sortAsTyped = useCallback((next: string, loaded: ZipTable) => {
    if (!/^\s*\d{5}\s*$/.test(next)) return;
    const result = searchLocations(next, loaded);
    if (result.kind === 'found') {
      setSearch({ postalCode: result.postalCode, origin: result.origin });
      setMessage(null);
    }
  }, []);

  const type = useCallback(
    (next: string) => {
      typed.current = next;
      setText(next);
      if (next.trim() === '') {
        setSearch(null);
        setMessage(null);
        return;
      }
      if (table.current) {
        sortAsTyped(next, table.current);
        return;
      }
      // The table (96 KB, and a few hundred milliseconds of a phone's time to decode) loads with the first character
      // typed, not with the chooser: most shoppers pick from the list or the map, and a zip takes longer to type than
      // the table to arrive. It sorts what is in the box by then. A failure is reported if the shopper searches.
      loadZipTable().then(
        (loaded) => {
          if (table.current) return;
          table.current = loaded;
          sortAsTyped(typed.current, loaded);
        },
        () => undefined,
      );
    },
    [sortAsTyped],
  );

  const submit = useCallback(() => run(text), [run, text]);

  const locateMe = useCallback(async () => {
    locateAbort.current?.abort();
    const abort = new AbortController();
    locateAbort.current = abort;
    setLocating(true);
    setMessage(null);
    try {
      const located = await locateShopper(typeof navigator === 'undefined' ? undefined : navigator.geolocation, abort.signal);
      if (located.kind === 'cancelled') return;
      if (located.kind !== 'found') {
        setMessage(LOCATE_MESSAGES[located.kind]);
        notify.warning(LOCATE_MESSAGES[located.kind]);
        return;
      }
      const loaded = await zipTable();
      if (!loaded || abort.signal.aborted) return;
      const postalCode = nearestPostalCode(loaded, located.at.latitude, located.at.longitude);
      if (postalCode === undefined) {
        setMessage(LOCATE_MESSAGES.unavailable);
        notify.warning(LOCATE_MESSAGES.unavailable);
        return;
      }
      typed.current = postalCode;
      setText(postalCode);
      await run(postalCode);
    } finally {
      if (locateAbort.current === abort) {
        locateAbort.current = null;
        setLocating(false);
      }
    }
  }, [run, zipTable]);

  return { text, search, message, locating, type, submit, locateMe };
}
