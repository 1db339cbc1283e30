// The favorite heart (account-and-session.md section 2, "Favorite heart toggle on items"): a toggle button with the
// item's name and its pressed state, on item cards and in the item panel.
import * as E from 'fp-ts/lib/Either.js';
import { useState } from 'react';
import { isFavorite } from '../../events/selectors/favorites';
import { useStateSlice } from '../hooks/useStateSlice';
import { useCommands } from '../runtime/RuntimeContext';
import { notify } from '../shell/notify';
import './favoriteButton.css';

export function FavoriteButton({ itemId, itemName, className }: { readonly itemId: string; readonly itemName: string; readonly className?: string }) {
  const commands = useCommands();
  const saved = useStateSlice((s) => isFavorite(s, itemId));
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    const result = await commands.toggleFavorite(itemId);
    setBusy(false);
    if (E.isLeft(result)) notify.error(result.left);
  };
  return (
    <button
      type="button"
      className={`favorite-button${className ? ` ${className}` : ''}`}
      aria-pressed={saved}
      aria-label={`Favorite ${itemName}`}
      aria-busy={busy || undefined}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
