// Which of libphonenumber's countries the storefront keeps, and how a subset of its metadata is cut (pure, so the
// generator and the test that guards the generated file share it).
import type { MetadataJson } from 'libphonenumber-js/core';

/** US numbers are read everywhere; the others have input masks (account-and-session.md section 5). */
export const PHONE_COUNTRIES = ['US', 'CA', 'JP', 'AU', 'GB'] as const;

export function phoneMetadataSubset(full: MetadataJson, countries: readonly string[] = PHONE_COUNTRIES): MetadataJson {
  const keep = new Set(countries);
  const callingCodes: Record<string, string[]> = {};
  for (const [code, members] of Object.entries(full.country_calling_codes)) {
    const kept = members.filter((country) => keep.has(country));
    if (kept.length > 0) callingCodes[code] = kept;
  }
  const countriesMetadata = Object.fromEntries(Object.entries(full.countries).filter(([country]) => keep.has(country)));
  return { ...full, country_calling_codes: callingCodes, countries: countriesMetadata, nonGeographic: {} } as MetadataJson;
}
