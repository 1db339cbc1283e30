// A catalog image (an item's or a category's) that falls back to a drawn placeholder when there is none or it does
// not load, so a card never shows a broken image. Pictures sit beside their names, so they are decorative (alt="").
// The first pictures a page shows without scrolling are `first`: fetched at once and early, since one of them is
// often the largest thing the page paints (and the next visit asks for them with the page); the rest wait until they
// come near the screen.
import { useEffect, useState } from 'react';
import { firstPictures } from '../runtime/firstPictures';
import './picture.css';

export function CatalogPicture({
  src,
  label,
  className = '',
  first = false,
}: {
  readonly src: string | null | undefined;
  readonly label: string;
  readonly className?: string;
  readonly first?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && src !== failed ? src : null;
  // Remembered for the next visit, whose page asks for it before the app's code has run (runtime/firstPictures.ts).
  useEffect(() => {
    if (first && usable) firstPictures.note(window.location.pathname, usable);
  }, [first, usable]);
  return (
    <div className={`catalog-picture ${className}`}>
      {usable ? (
        <img
          src={usable}
          alt=""
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed(usable)}
        />
      ) : (
        <div className="catalog-picture-placeholder" aria-hidden="true">
          <span>{label.trim().charAt(0).toUpperCase()}</span>
        </div>
      )}
    </div>
  );
}
