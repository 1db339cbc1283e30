// The category carousel (ordering.md section 2 "Home": up to 5 slides, 2 under 426 px). It never moves by itself;
// previous and next scroll a page of slides, and a swipe or Tab onto a card scrolls it too. Built on the WAI-ARIA
// carousel pattern: a labelled region with aria-roledescription="carousel", each slide a labelled group. The category
// chosen last in this tab (session storage, ordering.md section 4) is marked, and the carousel opens at it.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { CatalogPicture } from '../../components/CatalogPicture';
import { rememberSelectedCategory, selectedCategory } from '../../shell/selectedCategory';
import { categorySectionId, type CategoryCard } from './homeCategories';
import { useBusinessWords } from '../../hooks/useBusinessWords';

/** The slides a phone shows before any scrolling: their pictures load first. */
const FIRST_PICTURES = 2;

type Edges = { readonly atStart: boolean; readonly atEnd: boolean };

export interface CategoryCarouselProps {
  readonly cards: readonly CategoryCard[];
  readonly headingId: string;
  /** Scroll mode: the cards are anchors to the categories' sections on this page, not links to their pages. */
  readonly anchors?: boolean;
}

export function CategoryCarousel({ cards, headingId, anchors = false }: CategoryCarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const words = useBusinessWords();
  const [edges, setEdges] = useState<Edges>({ atStart: true, atEnd: true });
  const [selected, setSelected] = useState(selectedCategory);
  const selectedIndex = cards.findIndex((card) => card.id === selected);

  // Opens at the chosen category, before the first paint, so nothing moves under the shopper (only when one was
  // chosen past the first slide: otherwise the page is laid out when the browser would anyway).
  const openedAt = useRef(false);
  useLayoutEffect(() => {
    const el = track.current;
    if (openedAt.current || !el || selectedIndex <= 0) return;
    openedAt.current = true;
    const slide = el.children[selectedIndex];
    const first = el.children[0];
    if (slide instanceof HTMLElement && first instanceof HTMLElement) el.scrollLeft = slide.offsetLeft - first.offsetLeft;
  }, [selectedIndex]);

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const atStart = el.scrollLeft <= 1;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    setEdges((old) => (old.atStart === atStart && old.atEnd === atEnd ? old : { atStart, atEnd }));
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return undefined;
    // The observer's first call measures, once the browser has laid the page out for its next frame: measuring here
    // would lay out the whole page in the middle of the effects (a long task on a phone, just before the first paint).
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      resize.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [measure, cards.length]);

  const turn = (direction: -1 | 1) => {
    const el = track.current;
    if (!el) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
  };
  const everythingShown = edges.atStart && edges.atEnd;

  return (
    <section className="home-carousel" aria-roledescription="carousel" aria-labelledby={headingId}>
      <div className="home-carousel-head">
        <h2 id={headingId}>{words.browse}</h2>
        {everythingShown ? null : (
          <div className="home-carousel-controls">
            {/* aria-disabled rather than disabled, so focus stays on the button when it reaches an end. */}
            <button
              type="button"
              className="icon-btn home-carousel-button"
              aria-label="Previous categories"
              aria-controls={`${headingId}-track`}
              aria-disabled={edges.atStart}
              onClick={() => !edges.atStart && turn(-1)}
            >
              <Chevron direction="left" />
            </button>
            <button
              type="button"
              className="icon-btn home-carousel-button"
              aria-label="Next categories"
              aria-controls={`${headingId}-track`}
              aria-disabled={edges.atEnd}
              onClick={() => !edges.atEnd && turn(1)}
            >
              <Chevron direction="right" />
            </button>
          </div>
        )}
      </div>
      <div className="home-carousel-track" id={`${headingId}-track`} ref={track} style={{ '--count': cards.length } as CSSProperties}>
        {cards.map((card, index) => (
          <div key={card.id} className="home-carousel-slide" role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${cards.length}`}>
            <Link
              to={anchors ? `#${encodeURIComponent(categorySectionId(card.id))}` : `/categories/${encodeURIComponent(card.id)}`}
              className="home-category card"
              aria-current={card.id === selected ? 'true' : undefined}
              onClick={() => {
                rememberSelectedCategory(card.id);
                setSelected(card.id);
              }}
            >
              <CatalogPicture src={card.imageUrl} label={card.name} className="home-category-picture" first={index < FIRST_PICTURES} />
              <span className="home-category-text">
                <span className="home-category-name">{card.name}</span>
                <span className="home-category-count">{card.itemCount === 1 ? '1 item' : `${card.itemCount} items`}</span>
              </span>
            </Link>
          </div>
        ))}
      </div>
    </section>
  );
}

function Chevron({ direction }: { readonly direction: 'left' | 'right' }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}
