// A catalog image (an item's or a category's) that falls back to a drawn placeholder when there is none or it does
// not load, so a card never shows a broken image. Pictures sit beside their names, so they are decorative (alt="").
import { useState } from 'react';
import './picture.css';

export function CatalogPicture({
  src,
  label,
  className = '',
}: {
  readonly src: string | null | undefined;
  readonly label: string;
  readonly className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && src !== failed ? src : null;
  return (
    <div className={`catalog-picture ${className}`}>
      {usable ? (
        <img src={usable} alt="" loading="lazy" decoding="async" onError={() => setFailed(usable)} />
      ) : (
        <div className="catalog-picture-placeholder" aria-hidden="true">
          <span>{label.trim().charAt(0).toUpperCase()}</span>
        </div>
      )}
    </div>
  );
}
