// The tab's title while a page is open ('Order Online' otherwise, account-and-session.md section 2).
import { useEffect } from 'react';

export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} - Order Online`;
    return () => {
      document.title = 'Order Online';
    };
  }, [page]);
}
