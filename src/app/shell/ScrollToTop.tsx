import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Each navigation scrolls to the top (account-and-session.md section 2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
