// The catalog's AboutContent is HTML from the business's back office: shown as HTML, but only as markup. Scripts,
// event-handler attributes and javascript: URLs never survive (DOMPurify's defaults), and nothing in it may make the
// page fetch from another host (the storefront talks to its own host only), so inline styles, embedded media and
// images from elsewhere are dropped too.
import DOMPurify from 'dompurify';
import { pagePolicy } from '../../runtime/trustedTypes';

const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'frame',
  'object',
  'embed',
  'video',
  'audio',
  'source',
  'picture',
  'link',
  'meta',
  'base',
];
const FORBID_ATTR = ['style', 'srcset', 'background', 'poster', 'formaction', 'ping'];

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

/** Sanitised HTML for the about page; `origin` is the storefront's own (images from elsewhere are removed). */
export function sanitizeAbout(html: string, origin: string): string {
  const purify = DOMPurify();
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'IMG') return;
    const src = node.getAttribute('src');
    if (src === null || !sameOrigin(src, origin)) node.remove();
  });
  // DOMPurify parses through the page's one Trusted Types policy rather than making one of its own ('dompurify'),
  // which the page's Content-Security-Policy would refuse.
  return purify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS, FORBID_ATTR, ...(pagePolicy ? { TRUSTED_TYPES_POLICY: pagePolicy } : {}) });
}
