// GET /__sandbox/payments/capture?clientId=&locationId=&language=&country=: the sandbox card provider's card-capture
// page (account-and-session.md section 7), for a storefront whose config.json names one (CardCaptureUrl). The
// storefront shows it inside 'Card Info'; the page tokenizes the card with the sandbox tokenizer and posts the result
// to the storefront that embeds it (CARD_CAPTURED, to the referrer's origin only, so no other page gets the token).
// Like the tokenizer, it answers with the control surface turned off: it stands in for the provider.
import { createHash } from 'node:crypto';
import { CARD_CAPTURED } from '../../domain/payments/cardCapture';
import type { SandboxCore } from '../core';
import type { Reply } from '../http';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `  body { margin: 0; padding: 12px; font: 16px/1.4 system-ui, sans-serif; color: #1b1f24; background: #fff; }
  form { display: grid; gap: 10px; }
  .row { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px; }
  label { display: grid; gap: 4px; font-weight: 600; font-size: 0.9rem; }
  input { font: inherit; min-height: 44px; padding: 6px 10px; border: 1px solid #6b7280; border-radius: 8px; min-width: 0; }
  button { font: inherit; font-weight: 700; min-height: 44px; border: 0; border-radius: 8px; background: #1b1f24; color: #fff; }
  .payee, .problem { margin: 0; font-size: 0.875rem; color: #4b5563; }
  .problem { color: #b42318; }
`;

const SCRIPT = `  const form = document.getElementById('card');
  const problem = document.getElementById('problem');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const field = (name) => form.elements.namedItem(name).value.trim();
    const [month, year] = field('expiry').split('/').map((part) => Number(part.trim()));
    const response = await fetch('/__sandbox/payments/tokenize', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ cardNumber: field('number'), expMonth: month || 0, expYear: year < 100 ? 2000 + year : year || 0, cvv: field('cvv'), postalCode: field('postalCode') }),
    });
    const body = await response.json();
    if (!response.ok) {
      problem.textContent = (body.errors || ['The card was not accepted.']).join(' ');
      return;
    }
    problem.textContent = '';
    if (document.referrer) window.parent.postMessage({ type: ${JSON.stringify(CARD_CAPTURED)}, card: body }, new URL(document.referrer).origin);
  });
`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/**
 * The provider page's own policy: its one script and style by hash, calls to its own origin only (the tokenizer), no
 * form posted anywhere, framed by any storefront (a provider's page is embedded by every merchant that uses it).
 */
const POLICY = [
  "default-src 'none'",
  `script-src ${hash(SCRIPT)}`,
  `style-src ${hash(STYLE)}`,
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self' https: http:",
].join('; ');

export function capturePage(core: SandboxCore, query: URLSearchParams): Reply {
  const locationId = query.get('locationId') ?? '';
  const location = core.catalog.index.locations.find((l) => l.Id.toLowerCase() === locationId.toLowerCase());
  const payee = location?.Name ?? core.catalog.index.catalog.Name;
  const language = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(query.get('language') ?? '') ? query.get('language')! : 'en-US';
  const html = `<!doctype html>
<html lang="${escape(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<form id="card" novalidate aria-label="Card details">
  <p class="payee">Paying ${escape(payee)} (${escape(query.get('country') ?? 'US')})</p>
  <label>Card Number <input name="number" autocomplete="cc-number" inputmode="numeric" required></label>
  <div class="row">
    <label>Expiration Date <input name="expiry" autocomplete="cc-exp" inputmode="numeric" placeholder="MM/YY" required></label>
    <label>CVV <input name="cvv" autocomplete="cc-csc" inputmode="numeric" required></label>
    <label>Postal Code <input name="postalCode" autocomplete="postal-code" inputmode="numeric" required></label>
  </div>
  <p class="problem" id="problem" role="alert"></p>
  <button type="submit">Continue</button>
</form>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
  return { status: 200, body: html, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': POLICY } };
}
