// Home (ordering.md section 2, account-and-session.md section 2): the catalog's headline, then the location's
// categories. While no location is chosen the chooser is open on top; the page behind it still renders. In scroll mode
// (config.json's MenuLayout, and a phone's when it sets none) the categories' items follow the carousel on this page,
// in sections loaded on demand.
import { Suspense, useId } from 'react';
import { useLocationChooser } from '../../shell/LocationChooserContext';
import { useSharedParts } from '../../shell/sharedParts';
import { useCatalogParts } from './catalogParts';
import { useView } from '../../hooks/useView';
import { useViews } from '../../runtime/RuntimeContext';
import { CategoryCarousel } from './CategoryCarousel';
import { homeCategories } from './homeCategories';
import { useMenuLayout } from './menuLayout';
import './home.css';
import { useBusinessWords } from '../../hooks/useBusinessWords';

// Said once the time rules are in, which the first paint does not wait for.

export function HomePage() {
  const views = useViews();
  const words = useBusinessWords();
  const { OpenStatus } = useSharedParts();
  const { MenuSections } = useCatalogParts();
  const scroll = useMenuLayout() === 'scroll';
  const catalog = useView(views.catalog)?.catalog;
  const location = useView(views.location);
  const chooser = useLocationChooser();
  const headingId = useId();
  const headline = catalog?.WebHomeHeadline || catalog?.HomeHeadline || catalog?.Name || 'Order Online';
  const cards = location ? homeCategories(location) : [];

  return (
    <>
      <section className="home-hero" aria-labelledby={`${headingId}-headline`}>
        <div className="container home-hero-inner">
          <h1 id={`${headingId}-headline`}>{headline}</h1>
          {catalog?.HomeSubHeadline ? <p className="home-hero-sub">{catalog.HomeSubHeadline}</p> : null}
          {location ? (
            <div className="home-hero-status">
              <Suspense fallback={null}>
                <OpenStatus />
              </Suspense>
            </div>
          ) : null}
        </div>
      </section>

      <div className="container home-body">
        {location === null ? (
          // The chooser covers this while it is open; this is what shows if it is closed without a choice.
          <div className="home-empty card">
            <h2>{words.chooseLocation}</h2>
            {chooser.canChange ? (
              <button type="button" className="btn btn-primary" onClick={chooser.open}>
                Choose a location
              </button>
            ) : null}
          </div>
        ) : cards.length === 0 ? (
          <div className="home-empty card">
            <h2>{words.nothingOffered}</h2>
            <p className="muted">Please check back soon.</p>
          </div>
        ) : (
          <>
            <CategoryCarousel cards={cards} headingId={`${headingId}-menu`} anchors={scroll} />
            {scroll ? (
              <Suspense fallback={null}>
                <MenuSections location={location} cards={cards} />
              </Suspense>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
