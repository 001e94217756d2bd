import { describe, expect, it } from 'vitest';
import { isZoneEntry } from '../../src/contract/admin/selling';
import { parseZoneEntry, zoneCountries, zoneRegions, zoneServes, zoneServesCountry } from '../../src/lib/shipping-zones';

describe('what a shipping zone serves', () => {
  it('reads countries and their regions (ISO 3166-2)', () => {
    expect(parseZoneEntry('us-ca')).toEqual({ country: 'US', region: 'CA' });
    expect(parseZoneEntry('AE')).toEqual({ country: 'AE', region: null });
    expect(zoneCountries(['US-CA', 'US-NY', 'AE'])).toEqual(['US', 'AE']);
    expect(zoneRegions(['US-CA', 'US-NY', 'AE'], 'us')).toEqual(['CA', 'NY']);
    expect(zoneRegions(['US-CA', 'US', 'AE'], 'US')).toBeNull();
    expect(zoneRegions(['AE'], 'AE')).toBeNull();
  });

  it('serves a whole country, only the named regions, or everywhere when it names nothing', () => {
    const zone = ['US-CA', 'US-NY', 'AE'];
    expect(zoneServes(zone, 'US', 'ca')).toBe(true);
    expect(zoneServes(zone, 'US', 'TX')).toBe(false);
    expect(zoneServes(zone, 'US', '')).toBe(false);
    expect(zoneServes(zone, 'AE', null)).toBe(true);
    expect(zoneServesCountry(zone, 'RU')).toBe(false);
    expect(zoneServes([], 'RU', null)).toBe(true);
  });

  it('accepts in the back office only countries and regions the address form lists', () => {
    expect(isZoneEntry('US-CA')).toBe(true);
    expect(isZoneEntry('AE')).toBe(true);
    expect(isZoneEntry('US-XX')).toBe(false);
    expect(isZoneEntry('ZZ')).toBe(false);
  });
});
