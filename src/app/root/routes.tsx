// The shopper's routes, made from the manifest (parts.ts): each page at its address, behind its guard; the first
// page's own pages at once, the others once their code is in, fetching as they show the parts their entry names
// (checkout's placement). The storefront's router and the console's replay of the shopper's pages use the same routes.
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { CategoryPage } from '../features/catalog/CategoryPage';
import { HomePage } from '../features/catalog/HomePage';
import { Spinner } from '../components/Spinner';
import { PAGES_ON_DEMAND, type PageLoadedOnDemand } from './lazyParts';
import { PAGES, type PageEntry, type PageName } from './parts';
import { fetchesOf, fetchingAsShown } from './fetchingAsShown';
import { RequireSignedIn } from './RequireSignedIn';

/** The first page's own pages; every other page loads on demand. */
const FIRST_PAGES: Readonly<Record<Exclude<PageName, PageLoadedOnDemand>, ComponentType>> = { home: HomePage, category: CategoryPage };

const isFirstPage = (name: PageName): name is keyof typeof FIRST_PAGES => Object.hasOwn(FIRST_PAGES, name);

/** How a page that loads on demand is shown: once its code is in, at once when it already is. */
export type ShowPage = (Page: ComponentType) => ReactNode;

const withSpinner: ShowPage = (Page) => (
  <Suspense fallback={<Spinner label="Loading the page" />}>
    <Page />
  </Suspense>
);

function guarded(entry: PageEntry, element: ReactNode): ReactNode {
  return entry.guard === 'signedIn' ? <RequireSignedIn>{element}</RequireSignedIn> : element;
}

/** Each page that loads on demand as the routes show it: made once, so a render of the routes never remounts one. */
const ON_DEMAND_SHOWN = Object.fromEntries(
  (Object.keys(PAGES_ON_DEMAND) as PageLoadedOnDemand[]).map((name) => {
    const entry = PAGES[name] as PageEntry;
    // A page with a part for a bag with items leaves its fetches to that part (PartsProviders.tsx).
    return [name, fetchingAsShown(PAGES_ON_DEMAND[name].Page, entry.withItems === undefined ? fetchesOf(entry) : [])];
  }),
) as Readonly<Record<PageLoadedOnDemand, ComponentType>>;

/** A page as the router shows it. */
function shown(name: PageName, show: ShowPage): ReactNode {
  if (isFirstPage(name)) {
    const First = FIRST_PAGES[name];
    return <First />;
  }
  return show(ON_DEMAND_SHOWN[name]);
}

/** Every page's route, then the fallback that sends an unknown address home. */
export function shopperRoutes(show: ShowPage = withSpinner): ReactNode[] {
  return [
    ...(Object.keys(PAGES) as PageName[]).map((name) => {
      const entry: PageEntry = PAGES[name];
      return <Route key={name} path={entry.path} element={guarded(entry, shown(name, show))} />;
    }),
    <Route key="*" path="*" element={<Navigate to="/" replace />} />,
  ];
}
