// The account menu (account-and-session.md section 2): My Account, the account's pages and Logout, opened from the
// header's My Account while signed in. Logout clears everything, the bag included, and goes home. Open, it holds a
// history entry of its own (it covers a phone's screen): Back closes it, and a page chosen in it takes its entry.
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useCommands } from '../../runtime/RuntimeContext';
import { ACCOUNT_MENU, shownLinks } from '../../shell/accountPages';
import { useDialogEntry } from '../../shell/historyEntries';
import { useClientDialog } from '../../shell/useClientEvents';
import './accountMenu.css';

export function AccountMenu({ icon }: { readonly icon: React.ReactNode }) {
  const commands = useCommands();
  const { pathname } = useLocation();
  const loyalty = useStateSlice((s) => s.account.loyalty.available);
  const firstName = useStateSlice((s) => s.account.profile?.firstName ?? '');
  // Open while its history entry is the current one: navigating elsewhere closes it.
  const entry = useDialogEntry('account');
  // Recorded for support, whose console opens it where the log says it was open.
  const open = useClientDialog('account', entry.open);
  const { close, leave } = entry;
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Escape and a click elsewhere close it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        button.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (wrap.current?.contains(event.target as Node)) return;
      // A link of this site pressed elsewhere (the header's Bag, the logo): its page takes the menu's entry, as the
      // menu's own links do, so Back from it does not open the menu again. Seen first (capture), before the link
      // itself pushes an entry; a click meant for a new tab or window is left to the browser.
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
      if (link instanceof HTMLAnchorElement && plain && !link.target && link.origin === window.location.origin && !link.hash) {
        event.preventDefault();
        leave(`${link.pathname}${link.search}`);
        return;
      }
      close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick, true);
    };
  }, [open, close, leave]);

  const pages = shownLinks(ACCOUNT_MENU, loyalty);
  return (
    <div className="account-menu" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="site-header-link site-header-account"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close() : entry.show())}
      >
        {icon}
        <span className="site-header-link-text">My Account</span>
      </button>
      {open ? (
        <nav id={menuId} className="account-menu-list card" aria-label="My Account">
          {firstName ? <p className="account-menu-hello">Hi, {firstName}</p> : null}
          <ul>
            {pages.map((page) => (
              <li key={page.to}>
                {/* A page chosen here takes the menu's entry: Back from it is the page the menu was opened on. */}
                <Link to={page.to} replace aria-current={pathname === page.to ? 'page' : undefined}>
                  {page.label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className="account-menu-logout" onClick={() => void commands.logout().then(() => entry.leave('/'))}>
                Logout
              </button>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
