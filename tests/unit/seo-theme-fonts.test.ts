import { describe, expect, it } from 'vitest';
import { fontPackageId, fontStack, readFontFile, themeFonts } from '../../src/styles/fonts';
import { isCssColor, themeCss, themeFamily } from '../../src/styles/theme';
import { shopConfig } from '../helpers/chrome-fixtures';
import { fontHasCyrillic, FONTS } from '../../src/lib/settings';

/** The custom properties of one rule block of the theme CSS. */
function rootRules(css: string, block = 0): Record<string, string> {
  const body = [...css.matchAll(/:root\{([^}]*)\}/g)][block]![1]!;
  return Object.fromEntries(body.split(';').map((rule) => [rule.slice(0, rule.indexOf(':')), rule.slice(rule.indexOf(':') + 1)]));
}

describe('theme custom properties (spec 9)', () => {
  it('sets the spec defaults when nothing is configured', () => {
    const css = themeCss(shopConfig().styles);
    const root = rootRules(css);
    expect(root).toMatchObject({
      '--content-width': '1170px',
      '--radius-block': '16px',
      '--radius-button': '8px',
      '--radius-input': '8px',
      '--font-size-body': '16px',
      '--font-size-h1': '39px',
      '--font-size-h2': '31px',
      '--font-size-h3': '24px',
      '--font-size-h4': '20px',
      '--font-size-h1-mobile': '26px',
      '--font-size-body-mobile': '14px',
    });
    expect(root['--font-body']).toMatch(/^'Montserrat', system-ui/);
    expect(rootRules(css, 1)).toMatchObject({ '--font-size-h1': '39px', '--font-size-body': '16px' });
    expect(css).toContain('@media (max-width:1024px)');
    expect(css).toContain('@media (max-width:567px)');
    expect(rootRules(css, 2)).toMatchObject({ '--font-size-h1': '26px', '--font-size-h2': '24px', '--font-size-body': '14px' });
  });

  it("applies the owner's width, fonts, sizes per screen, radii and palette", () => {
    const css = themeCss(
      shopConfig({
        styles: {
          content_width: 1320,
          fontFamilyBody: 'Roboto',
          fontFamilyHeading: 'Petrona',
          fontSize: { h1: { desktop: 48, tablet: 40, mobile: 30 } },
          borderRadius: { block: 0, button: 24, input: 4 },
          colors: { primary: '#112233', accent: 'rgb(10, 20, 30)', backgroundDark: 'black', unknown: '#fff' },
        },
      }).styles,
    );
    const root = rootRules(css);
    expect(root).toMatchObject({
      '--content-width': '1320px',
      '--radius-block': '0px',
      '--radius-button': '24px',
      '--radius-input': '4px',
      '--font-size-h1': '48px',
      '--font-size-h1-mobile': '30px',
      '--color-primary': '#112233',
      '--color-accent': 'rgb(10, 20, 30)',
      '--color-bg-dark': 'black',
    });
    expect(root['--font-body']).toMatch(/^'Roboto'/);
    expect(root['--font-heading']).toBe("'Petrona', Georgia, 'Times New Roman', serif");
    expect(rootRules(css, 1)['--font-size-h1']).toBe('40px');
    expect(rootRules(css, 2)['--font-size-h1']).toBe('30px');
    expect(css).not.toContain('unknown');
  });

  it('keeps stored values from breaking out of the stylesheet', () => {
    const css = themeCss(
      shopConfig({
        styles: {
          fontFamilyBody: "Comic'; } body { display:none",
          colors: { primary: 'red; } body { display: none', accent: 'url(https://evil.test/x)' },
        },
      }).styles,
    );
    expect(css).not.toContain('display');
    expect(css).not.toContain('evil');
    expect(rootRules(css)['--font-body']).toMatch(/^'Montserrat'/);
    expect(themeFamily('Oswald')).toBe('Oswald');
    expect(themeFamily('Times')).toBe('Montserrat');
    expect(isCssColor('#abc')).toBe(true);
    expect(isCssColor('hsla(10, 20%, 30%, 0.5)')).toBe(true);
    expect(isCssColor('red;x')).toBe(false);
  });
});

describe('self-hosted fonts', () => {
  it('names the package of a family', () => {
    expect(fontPackageId('Open Sans')).toBe('open-sans');
    expect(fontPackageId('Barlow Semi Condensed')).toBe('barlow-semi-condensed');
    expect(fontStack('Anton')).toMatch(/^'Anton', system-ui/);
  });

  it('declares only the theme families, with Latin files only in English', () => {
    const { css, preload } = themeFonts('Montserrat', 'Montserrat', 'en');
    expect(css).toContain("font-family:'Montserrat'");
    expect(css).not.toContain('cyrillic');
    expect(css).not.toContain('Roboto');
    expect(css.match(/@font-face/g)).toHaveLength(8); // 400, 500, 600, 700 in latin and latin-ext
    expect(css).toContain('font-display:swap');
    expect(css).toContain("src:url(/assets/fonts/montserrat/montserrat-latin-400-normal.woff2) format('woff2')");
    expect(css).toMatch(/unicode-range:U\+0000-00FF/);
    expect(preload).toBe('/assets/fonts/montserrat/montserrat-latin-400-normal.woff2');
  });

  it('adds the Cyrillic files in Russian and preloads the Cyrillic body font', () => {
    const { css, preload } = themeFonts('Roboto', 'Oswald', 'ru');
    expect(css).toContain('/assets/fonts/roboto/roboto-cyrillic-400-normal.woff2');
    expect(css).toContain('/assets/fonts/roboto/roboto-cyrillic-ext-700-normal.woff2');
    expect(css).toContain('/assets/fonts/oswald/oswald-cyrillic-700-normal.woff2');
    expect(css).not.toContain('oswald-latin-400'); // headings use the semibold and bold weights only
    expect(preload).toBe('/assets/fonts/roboto/roboto-cyrillic-400-normal.woff2');
  });

  it('uses only the weights and subsets a family has', () => {
    const { css, preload } = themeFonts('Anton', 'Anton', 'ru');
    expect(css).not.toContain('cyrillic');
    expect(css.match(/@font-face/g)).toHaveLength(2); // Anton has one weight, in latin and latin-ext
    expect(preload).toBe('/assets/fonts/anton/anton-latin-400-normal.woff2');
  });

  it('reads the font files it declares and nothing else', async () => {
    const file = await readFontFile('montserrat/montserrat-cyrillic-700-normal.woff2');
    expect(file?.subarray(0, 4).toString('latin1')).toBe('wOF2');
    for (const path of [
      'montserrat/../../package.json',
      'montserrat/montserrat-latin-400-normal.woff',
      'montserrat/montserrat-vietnamese-400-normal.woff2',
      'montserrat/montserrat-latin-400-italic.woff2',
      'montserrat/roboto-latin-400-normal.woff2',
      'comic-sans/comic-sans-latin-400-normal.woff2',
      'montserrat/montserrat-latin-450-normal.woff2',
      'montserrat',
      '',
    ]) {
      expect(await readFontFile(path), path).toBeNull();
    }
  });

  it("knows which fonts lack Cyrillic, and every file the back office's font sample asks for exists (no 404)", async () => {
    for (const family of FONTS) {
      expect(fontHasCyrillic(family), family).toBe(themeFonts(family, family, 'ru').css.includes('cyrillic'));
      const id = fontPackageId(family);
      // src/admin/screens/settings/ThemePreview.tsx: latin, and cyrillic only for a font that has it
      for (const subset of fontHasCyrillic(family) ? ['latin', 'cyrillic'] : ['latin']) {
        expect(await readFontFile(`${id}/${id}-${subset}-400-normal.woff2`), `${family} ${subset}`).not.toBeNull();
      }
    }
    expect(fontHasCyrillic('Petrona')).toBe(false);
  });
});
