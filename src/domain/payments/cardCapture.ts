// The card-capture page (account-and-session.md sections 7 and 9: "A card-capture page URL ... built from clientId,
// locationId, language and country"): the card provider's own page for the card's details, shown inside 'Card Info'
// when config.json names it (CardCaptureUrl). The page hands back the one-use token by a message to the storefront
// (CARD_CAPTURED), so the card's number never passes through the storefront's own page.
import { webUrl, type PolicyValues } from '../footerLinks';

/** The message the card-capture page posts to the storefront once the provider has tokenized the card. */
export const CARD_CAPTURED = 'countertop:card-captured';

/**
 * Fills {clientId}, {locationId}, {language} and {country} (as the Terms template is filled) and resolves the result
 * against the storefront's origin, so a path on the storefront's own host works too; null when the template is absent
 * or not a web address.
 */
export function cardCaptureUrl(template: string | undefined, values: PolicyValues, origin: string): string | null {
  if (template === undefined || template.trim() === '') return null;
  const filled = template.trim().replace(/\{(clientId|locationId|language|country)\}/g, (_whole, key: keyof PolicyValues) => encodeURIComponent(values[key]));
  try {
    return webUrl(new URL(filled, origin).href);
  } catch {
    return null;
  }
}
