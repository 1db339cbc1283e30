// The footer's configured links (Terms, Privacy, the app stores), the menu layout and the kind of business in a
// replayed page: the log records the ones the shopper's page loaded (FooterLinksLoaded, with the client id the links
// are filled with, MenuLayoutLoaded and BusinessKindLoaded); the console's own configuration is not the shopper's.
import type { FooterLinks } from '../../../events/reducers/client';
import type { Runtime } from '../../runtime/startStorefront';

/** The replayed runtime's configuration with the shopper's footer links and layout; none when the log recorded none. */
export function configWithLinks(config: Runtime['config'], links: FooterLinks | undefined): Runtime['config'] {
  const base = {
    ...config,
    TermsUrl: undefined,
    PrivacyUrl: undefined,
    AndroidAppUrl: undefined,
    AppleAppUrl: undefined,
    MenuLayout: undefined,
    BusinessKind: undefined,
  };
  if (!links) return base;
  return {
    ...base,
    ClientId: links.clientId,
    TermsUrl: links.terms ?? undefined,
    PrivacyUrl: links.privacy ?? undefined,
    AndroidAppUrl: links.androidApp ?? undefined,
    AppleAppUrl: links.appleApp ?? undefined,
    MenuLayout: links.menuLayout,
    BusinessKind: links.businessKind,
  };
}
