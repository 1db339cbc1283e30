// The home page's scroll mode (ordering.md section 2 "Home"): below the carousel, every category it shows, in its
// order, as a section (id category{Id}) with the category page's item cards. The carousel's cards are anchors to
// these sections: following one scrolls to it (smoothly, unless reduced motion is asked for) and moves focus to its
// heading, so a keyboard or screen reader goes on from there. Loaded on demand, apart from the first page's code.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';
import { categoryItems } from './categoryItems';
import { ItemGrid } from './ItemGrid';
import { categorySectionId, type CategoryCard } from './homeCategories';
import './menuSections.css';

/** Scrolls to the section the URL's hash names, if it is one of ours, and focuses its heading. */
function followAnchor(hash: string): void {
  if (!hash.startsWith(`#${categorySectionId('')}`)) return;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return;
  }
  const section = document.getElementById(id);
  const heading = section?.querySelector<HTMLElement>('h2');
  if (!section || !heading) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  heading.focus({ preventScroll: true });
  section.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
}

export function MenuSections({ location, cards }: { readonly location: LocationCatalog; readonly cards: readonly CategoryCard[] }) {
  const { hash, key } = useLocation();
  // Each following of an anchor (the same card twice is a new navigation, with a new key), and an address that
  // arrives with one, once the sections are there.
  useEffect(() => followAnchor(hash), [hash, key]);
  const byId = new Map(location.categories.map((category) => [category.Id, category]));

  return (
    <div className="home-sections">
      {cards.map((card) => {
        const category = byId.get(card.id);
        if (!category) return null;
        const id = categorySectionId(card.id);
        return (
          <section key={card.id} id={id} className="home-section" aria-labelledby={`${id}-heading`}>
            <header className="home-section-header">
              <h2 id={`${id}-heading`} tabIndex={-1}>
                {card.name}
              </h2>
              {card.description ? <p className="catalog-description">{card.description}</p> : null}
            </header>
            {/* Below the carousel: no picture here is among the first a phone shows. */}
            <ItemGrid items={categoryItems(location, category)} currency={location.currency} firstCards={0} />
          </section>
        );
      })}
    </div>
  );
}
