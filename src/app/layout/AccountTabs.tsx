// The account's pages as a row of tabs above each of them, orders first, so a signed-in shopper moves between their
// orders, cards, rewards, coupons, addresses and profile without the header's menu. The tabs, their words and order
// are the account pages' table (src/app/shell/accountPages.ts), which the header's account menu reads too.
import { NavLink, useLocation } from 'react-router-dom';
import { useStateSlice } from '../hooks/useStateSlice';
import { ACCOUNT_TABS, shownLinks } from '../shell/accountPages';
import './accountTabs.css';

/** The tabs, on an account page of a signed-in shopper; nothing elsewhere. */
export function AccountTabs() {
  const { pathname } = useLocation();
  const signedIn = useStateSlice((s) => s.account.profile !== null);
  const loyalty = useStateSlice((s) => s.account.loyalty.available);
  if (!signedIn || !ACCOUNT_TABS.some((tab) => tab.to === pathname)) return null;
  return (
    <nav className="account-nav container" aria-label="Your account">
      <ul>
        {shownLinks(ACCOUNT_TABS, loyalty).map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end className="account-nav-tab">
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
