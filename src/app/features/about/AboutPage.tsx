// About (account-and-session.md section 2): 'Welcome to {business name}' and the catalog's about content as HTML,
// sanitised first (see sanitizeAbout).
import { useMemo } from 'react';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useView } from '../../hooks/useView';
import { useViews } from '../../runtime/RuntimeContext';
import { trustedHtml } from '../../runtime/trustedTypes';
import { sanitizeAbout } from './sanitizeAbout';
import './about.css';

export function AboutPage() {
  const catalog = useView(useViews().catalog)?.catalog;
  const content = catalog?.AboutContent ?? '';
  const html = useMemo(() => sanitizeAbout(content, window.location.origin), [content]);
  usePageTitle('About Us');

  return (
    <div className="container about-page">
      <article className="about-card card" aria-labelledby="about-heading">
        <header className="about-header">
          <p className="about-eyebrow">About us</p>
          <h1 id="about-heading">Welcome to {catalog?.Name ?? ''}</h1>
        </header>
        {html.trim() === '' ? (
          // The spec shows the content only; with none, a line rather than a blank card.
          <p className="muted">More about us is coming soon.</p>
        ) : (
          <div className="about-content" dangerouslySetInnerHTML={{ __html: trustedHtml(html) }} />
        )}
      </article>
    </div>
  );
}
