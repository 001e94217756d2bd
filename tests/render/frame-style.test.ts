import { describe, expect, it } from 'vitest';
import { containerSchema } from '../../src/sections/common-options';
import { frameStyle, opacityToHexAlpha, shadowValue, withAlpha } from '../../src/sections/frame-style';

describe('frame style', () => {
  it('maps a percent opacity to the hex alpha of a colour', () => {
    expect(opacityToHexAlpha(50)).toBe('80');
    expect(opacityToHexAlpha(100)).toBe('ff');
    expect(opacityToHexAlpha(0)).toBe('00');
    expect(opacityToHexAlpha(10)).toBe('1a');
    expect(opacityToHexAlpha(150)).toBe('ff');
    expect(opacityToHexAlpha(-5)).toBe('00');
    expect(opacityToHexAlpha(Number.NaN)).toBe('00');
  });

  it('adds the alpha to hex colours, expanding the short form, and keeps other notations', () => {
    expect(withAlpha('#000000', 50)).toBe('#00000080');
    expect(withAlpha('#abc', 100)).toBe('#aabbccff');
    expect(withAlpha('rgb(0 0 0 / 50%)', 20)).toBe('rgb(0 0 0 / 50%)');
  });

  it('builds the box shadow only when it is visible', () => {
    const shadow = { color: '#112233', opacity: 25, offsetX: 1, offsetY: 4, blur: 12, spread: -2 };
    expect(shadowValue(shadow)).toBe('1px 4px 12px -2px #11223340');
    expect(shadowValue({ ...shadow, opacity: 0 })).toBeNull();
    expect(shadowValue({ ...shadow, offsetX: 0, offsetY: 0, blur: 0, spread: 0 })).toBeNull();
    expect(shadowValue({ ...shadow, color: null })).toBe('1px 4px 12px -2px #00000040');
  });

  it('parses stored frame options leniently with the spec defaults', () => {
    const defaults = containerSchema.parse(undefined);
    expect(defaults.width).toBe('content');
    expect(defaults.background).toEqual({ color: 'none' });
    expect(defaults.padding).toEqual({
      desktop: { top: 28, bottom: 28 },
      tablet: { top: 28, bottom: 28 },
      mobile: { top: 16, bottom: 16 },
    });
    const odd = containerSchema.parse({
      width: 'huge',
      background: 'purple',
      padding: { desktop: { top: '40', bottom: -3 } },
      border: { width: 3, color: 'red;background:url(x)' },
      shadow: { opacity: 'a lot' },
    });
    expect(odd.width).toBe('content');
    expect(odd.background).toEqual({ color: 'none' });
    expect(odd.padding.desktop).toEqual({ top: 40, bottom: 28 });
    expect(odd.border.color).toBeNull();
    expect(odd.shadow.opacity).toBe(0);
    expect(containerSchema.parse({ background: { image: 'abc' } }).background).toEqual({ image: 'abc' });
  });

  it('writes paddings per screen and border, radius and shadow only when set', () => {
    const style = frameStyle(containerSchema.parse({ border: { width: 1, radius: 0 }, padding: { mobile: { top: 8, bottom: 4 } } }));
    expect(style).toMatchObject({
      '--section-pt-desktop': '28px',
      '--section-pb-tablet': '28px',
      '--section-pt-mobile': '8px',
      '--section-pb-mobile': '4px',
      '--section-border': '1px solid currentColor',
      '--section-radius': '0px',
    });
    expect(style).not.toHaveProperty('--section-shadow');
    expect(frameStyle(containerSchema.parse({}))).not.toHaveProperty('--section-radius');
  });
});
