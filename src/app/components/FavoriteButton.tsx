// The favorite heart (account-and-session.md section 2, "Favorite heart toggle on items"): a toggle button with the
// item's name and its pressed state, on item cards and in the item panel.
import { FAVORITE_WAITS } from '../../domain/account/messages';
import { isFavorite } from '../../events/selectors/favorites';
import { useNetworkAction } from '../hooks/useNetworkAction';
import { useStateSlice } from '../hooks/useStateSlice';
import { useCommands } from '../runtime/RuntimeContext';
import './favoriteButton.css';

export function FavoriteButton({ itemId, itemName, className }: { readonly itemId: string; readonly itemName: string; readonly className?: string }) {
  const commands = useCommands();
  const saved = useStateSlice((s) => isFavorite(s, itemId));
  const signedIn = useStateSlice((s) => s.account.profile !== null);
  // A guest's favorites are kept in the log alone; a signed-in shopper's are saved to the account.
  const toggle = useNetworkAction({ waits: FAVORITE_WAITS, tryOffline: !signedIn, run: () => commands.toggleFavorite(itemId) });
  return (
    <button
      type="button"
      className={`favorite-button${className ? ` ${className}` : ''}`}
      aria-pressed={saved}
      aria-label={`Favorite ${itemName}`}
      aria-busy={toggle.busy || undefined}
      onClick={() => toggle.press()}
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
