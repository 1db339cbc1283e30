// The account's pages as a row of tabs above each of them, orders first, so a signed-in shopper moves between their
// orders, cards, rewards, coupons, addresses and profile without the header's menu.
import { NavLink, useLocation } from 'react-router-dom';
import { useStateSlice } from '../hooks/useStateSlice';
import './accountTabs.css';

interface AccountTab {
  readonly to: string;
  readonly label: string;
  /** Shown only where the business has loyalty (the rewards page). */
  readonly loyaltyOnly?: boolean;
}

export const ACCOUNT_TABS: readonly AccountTab[] = [
  { to: '/my-orders', label: 'Orders' },
  { to: '/my-cards', label: 'Cards' },
  { to: '/my-rewards', label: 'Rewards', loyaltyOnly: true },
  { to: '/my-coupons', label: 'Coupons' },
  { to: '/my-addresses', label: 'Addresses' },
  { to: '/my-account', label: 'Profile' },
];

/** The tabs, on an account page of a signed-in shopper; nothing elsewhere. */
export function AccountTabs() {
  const { pathname } = useLocation();
  const signedIn = useStateSlice((s) => s.account.profile !== null);
  const loyalty = useStateSlice((s) => s.account.loyalty.available);
  if (!signedIn || !ACCOUNT_TABS.some((tab) => tab.to === pathname)) return null;
  return (
    <nav className="account-nav container" aria-label="Your account">
      <ul>
        {ACCOUNT_TABS.filter((tab) => !tab.loyaltyOnly || loyalty).map((tab) => (
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
