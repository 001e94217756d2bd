import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { fontHasCyrillic, FONTS, type ThemeColor } from '../../../lib/settings';
import { useI18n } from '../../i18n';

/** The storefront's palette when a colour is left empty (src/styles/base.css). */
const DEFAULT_PALETTE: Record<ThemeColor, string> = {
  primary: '#1f3b2d',
  accent: '#c3643f',
  text: '#1f1d1a',
  textMuted: '#6b665f',
  background: '#ffffff',
  backgroundLight: '#f8f5f0',
  backgroundMiddle: '#ece6dc',
  backgroundDark: '#1f2a24',
  sale: '#c0392b',
};

const CSS_COLOR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/]+\)|[a-z]{3,20})$/i;
const loaded = new Set<string>();

/** '@fontsource/open-sans' for 'Open Sans', as src/styles/fonts.ts names the packages the storefront serves. */
const packageId = (family: string) => family.toLowerCase().replace(/\s+/g, '-');

/** Loads a theme font from the storefront's own font files, once per family, so the admin can show it. */
function useThemeFont(family: string) {
  useEffect(() => {
    if (!(FONTS as readonly string[]).includes(family) || loaded.has(family) || typeof FontFace === 'undefined') return;
    loaded.add(family);
    const id = packageId(family);
    // a font without Cyrillic has no such file to ask for
    for (const subset of fontHasCyrillic(family) ? ['latin', 'cyrillic'] : ['latin']) {
      const face = new FontFace(
        family,
        `url(/assets/fonts/${id}/${id}-${subset}-400-normal.woff2) format('woff2')`,
        subset === 'cyrillic' ? { unicodeRange: 'U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116' } : {},
      );
      face
        .load()
        .then((f) => document.fonts.add(f))
        .catch(() => {
          // the family simply shows in the fallback font
        });
    }
  }, [family]);
}

/** A line of text in a theme font, next to the font's select. */
export function FontSample({ family }: { family: string }) {
  const { t } = useI18n();
  useThemeFont(family);
  return (
    <>
      <p className="settings-font-sample" style={{ fontFamily: `'${family}', system-ui, sans-serif` }} aria-hidden="true">
        {t('settings.fontSample')}
      </p>
      {fontHasCyrillic(family) ? null : (
        <p className="settings-font-warning" role="note">
          {t('settings.noCyrillicWarning', { family })}
        </p>
      )}
    </>
  );
}

type Styles = {
  colors?: Partial<Record<ThemeColor, string>>;
  fontFamilyBody?: string;
  fontFamilyHeading?: string;
  borderRadius?: { block?: number; button?: number };
};

/** A small product card in the colours, fonts and radii being edited, updated as they change. */
export function ThemePreview() {
  const { t } = useI18n();
  const styles = (useWatch() as Styles | undefined) ?? {};
  const color = (name: ThemeColor) => {
    const value = styles.colors?.[name]?.trim();
    return value && CSS_COLOR.test(value) ? value : DEFAULT_PALETTE[name];
  };
  const body = styles.fontFamilyBody ?? 'Montserrat';
  const heading = styles.fontFamilyHeading ?? 'Montserrat';
  useThemeFont(body);
  useThemeFont(heading);
  const radius = (value: number | undefined, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  return (
    <section className="card settings-preview" aria-labelledby="theme-preview">
      <h2 id="theme-preview">{t('settings.preview')}</h2>
      <div
        className="settings-preview-card"
        data-testid="theme-preview"
        style={{
          background: color('backgroundLight'),
          color: color('text'),
          fontFamily: `'${body}', system-ui, sans-serif`,
          borderRadius: radius(styles.borderRadius?.block, 16),
        }}
      >
        <span className="settings-preview-sale" style={{ background: color('sale') }}>
          {t('settings.previewSale')}
        </span>
        <h3 style={{ fontFamily: `'${heading}', system-ui, sans-serif`, color: color('primary') }}>{t('settings.previewHeading')}</h3>
        <p style={{ color: color('textMuted') }}>{t('settings.previewText')}</p>
        {/* the storefront darkens the accent behind white text (--color-accent-fill) */}
        <button
          type="button"
          tabIndex={-1}
          data-accent={color('accent')}
          style={{ background: `color-mix(in srgb, ${color('accent')} 80%, #000)`, borderRadius: radius(styles.borderRadius?.button, 8) }}
        >
          {t('settings.previewButton')}
        </button>
      </div>
    </section>
  );
}
