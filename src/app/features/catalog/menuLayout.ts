// Which menu layout the home page shows. A business that sets config.json's MenuLayout gets it on every screen;
// without the setting a phone lists the whole menu on the home page (categories and their items, as the big ordering
// sites do on phones) and a wider screen keeps the category pages. The choice follows the window as it is resized.
import { useSyncExternalStore } from 'react';
import type { MenuLayout } from '../../../domain/config';
import { useRuntime } from '../../runtime/RuntimeContext';

/** The widths the storefront lays out for a phone (the same edge as its phone styles). */
export const PHONE_WIDTH = '(max-width: 599px)';

function subscribe(changed: () => void): () => void {
  const query = window.matchMedia(PHONE_WIDTH);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

const onPhone = () => window.matchMedia(PHONE_WIDTH).matches;

/** The layout config.json names, or the one for this screen when it names none. */
export function useMenuLayout(): MenuLayout {
  const configured = useRuntime().config.MenuLayout;
  const phone = useSyncExternalStore(subscribe, onPhone, () => false);
  return configured ?? (phone ? 'scroll' : 'pages');
}
