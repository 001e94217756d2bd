import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, DEVICE_WIDTHS, mobileContentWidth, screenName } from '../../src/lib/screen';

describe('screenName', () => {
  it.each([
    [0, 'mobile'],
    [414, 'mobile'],
    [567, 'mobile'],
    [568, 'tablet'],
    [1024, 'tablet'],
    [1025, 'desktop'],
    [1920, 'desktop'],
  ] as const)('%i px is %s', (width, name) => {
    expect(screenName(width)).toBe(name);
  });

  it('names each reference device width after its device', () => {
    for (const [name, width] of Object.entries(DEVICE_WIDTHS)) expect(screenName(width)).toBe(name);
  });
});

describe('constants', () => {
  it('has the breakpoints of spec 9', () => {
    expect(BREAKPOINTS).toEqual({ xs: 576, sm: 768, md: 996, lg: 1200, xl: 1367, xxl: 1600 });
  });

  it('takes 40 px from the screen for mobile content', () => {
    expect(mobileContentWidth(414)).toBe(374);
    expect(mobileContentWidth(20)).toBe(0);
  });
});
