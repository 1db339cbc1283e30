// The business's theme stylesheet (account-and-session.md section 9): theme.css from the host's content folder, with
// the cache-busting version (the build number, VITE_BUILD_NUMBER at build time, else the date and hour). It comes
// after the app's base styles, so a business may set the look's variables (src/app/styles/base.css) beyond its
// primary colour, which the catalog's PrimaryColorCode still sets (ThemeFromCatalog).
import { themeStylesheetUrl } from '../../domain/content';

/** Links the theme once per page; the storefront's start-up calls it (the support console never does). */
export function linkThemeStylesheet(doc: Document, hostname: string, now: number): void {
  if (doc.querySelector('link[data-theme-stylesheet]') !== null) return;
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = themeStylesheetUrl(hostname, import.meta.env.VITE_BUILD_NUMBER, now);
  link.dataset.themeStylesheet = '';
  doc.head.append(link);
}
