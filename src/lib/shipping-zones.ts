/**
 * What a shipping zone serves. A zone lists ISO codes: a country (`RU`) serves all of it, a region of a country
 * (`RU-MOW`, ISO 3166-2 as the address form's region list names them: src/lib/countries.ts `zonesOf`) serves that
 * region only; an empty list serves everywhere. A country listed whole wins over its regions. Free of the country
 * lists, so the checkout can use it without shipping them.
 */

export type ZoneEntry = { country: string; region: string | null };

export function parseZoneEntry(entry: string): ZoneEntry {
  const [country = '', ...rest] = entry.trim().toUpperCase().split('-');
  const region = rest.join('-');
  return { country, region: region || null };
}

/** The countries a zone's list names, in order, once each. */
export function zoneCountries(entries: readonly string[]): string[] {
  return [...new Set(entries.map((entry) => parseZoneEntry(entry).country))];
}

/** The region codes a zone serves in `country`; null when it serves the whole country (or lists nothing). */
export function zoneRegions(entries: readonly string[], country: string): string[] | null {
  const wanted = country.toUpperCase();
  const parsed = entries.map(parseZoneEntry).filter((entry) => entry.country === wanted);
  if (parsed.length === 0 || parsed.some((entry) => entry.region === null)) return null;
  return parsed.map((entry) => entry.region!);
}

export function zoneServesCountry(entries: readonly string[], country: string): boolean {
  return entries.length === 0 || zoneCountries(entries).includes(country.toUpperCase());
}

/** Whether an address in `country` and `region` (a region code, or what was typed) is served. */
export function zoneServes(entries: readonly string[], country: string, region: string | null | undefined): boolean {
  if (!zoneServesCountry(entries, country)) return false;
  const regions = zoneRegions(entries, country);
  return regions === null || (!!region && regions.includes(region.trim().toUpperCase()));
}
