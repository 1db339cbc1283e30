import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useRecordPage } from './useClientEvents';

/** Each navigation scrolls to the top (account-and-session.md section 2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // The page is recorded for support (client events), beside the scroll that every navigation makes.
  useRecordPage();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
