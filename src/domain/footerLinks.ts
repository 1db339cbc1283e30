// What the footer links to, built from the location's Contacts and Address and the configuration's URL templates
// (ordering.md section 2 "Footer", account-and-session.md section 9 "terms URLs take clientId, locationId, language,
// country"). Catalog and config text ends up in href attributes, so only http(s) addresses become links.
import { dialNumber } from './address';
import type { Location } from './catalog/codecs';
import type { Config } from './config';

/** The ordering platform the footer credits and links to (ordering.md section 1: "The footer links to ... the
 * ordering-platform provider"): the same for every business the storefront serves. */
export const PROVIDER = { name: 'Countertop', url: 'https://countertop.example/' } as const;

/** Social networks the footer links to, in the order shown. */
export const SOCIAL_NETWORKS = ['Instagram', 'Facebook', 'Twitter', 'YouTube'] as const;

/** The address as an http(s) URL, or null: a `javascript:` website in a catalog must never become a link. */
export function webUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** 'bluebird.example' for 'https://www.bluebird.example/': how a website reads in the footer. */
export function displayHost(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '');
  return `${parsed.host.replace(/^www\./, '')}${path}`;
}

/** A tel: address from a phone contact ('+1 (212) 555-0143' dials as '+12125550143'). */
export function telHref(phone: string): string {
  return `tel:${dialNumber(phone)}`;
}

export interface PolicyValues {
  readonly clientId: string;
  readonly locationId: string;
  readonly language: string;
  readonly country: string;
}

/** The values the Terms and Privacy templates take, for the current location (or none chosen yet). */
export function policyValues(config: Pick<Config, 'ClientId'>, location: Pick<Location, 'Id' | 'LanguageCode' | 'Country' | 'Address'> | null): PolicyValues {
  return {
    clientId: config.ClientId,
    locationId: location?.Id ?? '',
    // The interface language is fixed at en-US (account-and-session.md section 2); a location may name its own.
    language: location?.LanguageCode ?? 'en-US',
    country: location?.Country ?? location?.Address.Country ?? 'US',
  };
}

/** Fills {clientId}, {locationId}, {language} and {country}; null when the template is absent or not a web address. */
export function policyUrl(template: string | undefined, values: PolicyValues): string | null {
  if (template === undefined || template.trim() === '') return null;
  const filled = template.replace(/\{(clientId|locationId|language|country)\}/g, (_whole, key: keyof PolicyValues) => encodeURIComponent(values[key]));
  return webUrl(filled);
}
