// The header (ordering.md section 2): logo, current location with 'Change It' when several exist, 'Continue
// Shopping' away from home, Favorites, My Account, and the Bag with its item count. It stays on screen while the page scrolls.
import { Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useLocationChooser } from '../shell/LocationChooserContext';
import { rememberPageBeforeSignIn } from '../shell/returnUrl';
import { useStateSlice } from '../hooks/useStateSlice';
import { useView } from '../hooks/useView';
import { useViews } from '../runtime/RuntimeContext';
// The account menu is for signed-in shoppers only: it loads when one is.
import { AccountMenu } from '../root/lazyParts';
import { AccountIcon, BackIcon, BagIcon, HeartIcon, PinIcon } from './icons';
import './header.css';

function AccountLink({ to, onClick }: { readonly to: string; readonly onClick?: () => void }) {
  return (
    <Link to={to} className="site-header-link site-header-account" onClick={onClick}>
      <AccountIcon />
      <span className="site-header-link-text">My Account</span>
    </Link>
  );
}

export function Header() {
  const views = useViews();
  const catalog = useView(views.catalog);
  const location = useView(views.location);
  const itemCount = useView(views.itemCount);
  const signedIn = useStateSlice((s) => s.account.profile !== null);
  const chooser = useLocationChooser();
  const { pathname, search } = useLocation();
  const businessName = catalog?.catalog.Name ?? 'Order Online';
  const logoUrl = catalog?.catalog.LogoUrl;
  // A logo that does not load leaves the business name on its own, never a broken image.
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null);

  return (
    <header className="site-header" data-away={pathname !== '/' ? 'true' : undefined}>
      <div className="container site-header-bar">
        <Link to="/" className="site-header-brand">
          {logoUrl && logoUrl !== brokenLogo ? <img src={logoUrl} alt="" width={40} height={40} onError={() => setBrokenLogo(logoUrl)} /> : null}
          <span className="site-header-name">{businessName}</span>
        </Link>

        {location ? (
          <div className="site-header-location">
            <PinIcon />
            <span className="site-header-location-text">
              <span className="site-header-location-label">Ordering from</span>{' '}
              <span className="site-header-location-name" id="site-header-location-name">
                {location.location.Name}
              </span>
            </span>
            {chooser.canChange ? (
              <button type="button" className="btn-link site-header-change" onClick={chooser.open} aria-describedby="site-header-location-name">
                Change It
              </button>
            ) : null}
          </div>
        ) : null}

        {pathname !== '/' ? (
          <Link to="/" className="site-header-continue">
            <BackIcon />
            <span className="site-header-continue-text">Continue Shopping</span>
          </Link>
        ) : null}

        <nav className="site-header-nav" aria-label="Account and bag">
          <Link to="/favorites" className="site-header-link site-header-favorites" aria-label="Favorites">
            <HeartIcon />
          </Link>
          {/* Signed out, My Account leads to /sign-in; signed in, it opens the account menu (account-and-session.md section 2). */}
          {signedIn ? (
            <Suspense fallback={<AccountLink to="/my-account" />}>
              <AccountMenu icon={<AccountIcon />} />
            </Suspense>
          ) : (
            <AccountLink to="/sign-in" onClick={() => rememberPageBeforeSignIn(pathname, search)} />
          )}
          {/* The name says the count in words; the badge shows the number (drawn by CSS, so it is not read twice). */}
          <Link to="/cart" className="site-header-bag" aria-label={`Bag, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}>
            <BagIcon />
            <span className="site-header-link-text">Bag</span>
            <span className="site-header-badge" data-count={itemCount} aria-hidden="true" />
          </Link>
        </nav>
      </div>
    </header>
  );
}
