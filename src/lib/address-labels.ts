/**
 * How a country names the parts of a postal address the checkout asks for: the first-level region
 * (a US state, a Canadian province, a British county) and the postal code (a US ZIP code, a British
 * postcode). Countries not listed use the generic "region" and "postal code".
 */
export type RegionLabel = 'state' | 'province' | 'county' | 'region';
export type PostalLabel = 'zip' | 'postcode' | 'eircode' | 'pin' | 'postal';

const REGION: Record<string, RegionLabel> = {
  US: 'state',
  AU: 'state',
  BR: 'state',
  IN: 'state',
  MX: 'state',
  MY: 'state',
  NG: 'state',
  CA: 'province',
  AR: 'province',
  CN: 'province',
  ES: 'province',
  IT: 'province',
  NL: 'province',
  PH: 'province',
  ZA: 'province',
  GB: 'county',
  IE: 'county',
};

const POSTAL: Record<string, PostalLabel> = {
  US: 'zip',
  PH: 'zip',
  GB: 'postcode',
  AU: 'postcode',
  NZ: 'postcode',
  ZA: 'postcode',
  IE: 'eircode',
  IN: 'pin',
};

export function addressLabels(country: string | null | undefined): { region: RegionLabel; postal: PostalLabel } {
  const code = (country ?? '').trim().toUpperCase();
  return { region: REGION[code] ?? 'region', postal: POSTAL[code] ?? 'postal' };
}
