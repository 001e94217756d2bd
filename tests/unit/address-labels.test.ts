import { describe, expect, it } from 'vitest';
import { addressLabels } from '../../src/lib/address-labels';

describe('address labels by country', () => {
  it('names the region and postal code the way each country does', () => {
    expect(addressLabels('US')).toEqual({ region: 'state', postal: 'zip' });
    expect(addressLabels('ca')).toEqual({ region: 'province', postal: 'postal' });
    expect(addressLabels('GB')).toEqual({ region: 'county', postal: 'postcode' });
    expect(addressLabels('IE')).toEqual({ region: 'county', postal: 'eircode' });
  });

  it('falls back to region and postal code for other or missing countries', () => {
    expect(addressLabels('DE')).toEqual({ region: 'region', postal: 'postal' });
    expect(addressLabels('')).toEqual({ region: 'region', postal: 'postal' });
    expect(addressLabels(null)).toEqual({ region: 'region', postal: 'postal' });
  });
});
