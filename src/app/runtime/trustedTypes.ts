// The page's one Trusted Types policy, 'countertop' (README, "Content Security Policy"). index.html's first script
// makes it before any other script runs, so nothing else can take the name, and the built page's policy allows no
// other. The app takes it from window once, as it starts (main.tsx imports this first), so a script loaded later,
// such as the card provider's, does not find it there.
import type { TrustedHTML, TrustedScriptURL, TrustedTypePolicy } from 'trusted-types/lib';

declare global {
  interface Window {
    __countertopTrustedTypes?: TrustedTypePolicy | null;
  }
}

const taken: TrustedTypePolicy | null = typeof window === 'undefined' ? null : (window.__countertopTrustedTypes ?? null);
if (typeof window !== 'undefined') delete window.__countertopTrustedTypes;

/** The policy, for DOMPurify to parse with (TRUSTED_TYPES_POLICY); null where there are no Trusted Types. */
export const pagePolicy: TrustedTypePolicy | null = taken;

/** HTML already made safe (DOMPurify's output), as an HTML sink takes it. */
export function trustedHtml(html: string): TrustedHTML | string {
  return taken ? taken.createHTML(html) : html;
}

/** A script's address (the card provider's, from config.json), as a script's src takes it: own origin or https. */
export function trustedScriptUrl(url: string): TrustedScriptURL | string {
  return taken ? taken.createScriptURL(url) : url;
}

// react-hot-toast's styles (goober) would make their <style id="_goober"> with innerHTML, a sink the page's policy
// guards, unless the page already has one (goober finds it as window._goober): it is made here, with its text node.
if (typeof document !== 'undefined' && document.getElementById('_goober') === null) {
  const sheet = document.createElement('style');
  sheet.id = '_goober';
  sheet.textContent = ' ';
  document.head.append(sheet);
}
