/**
 * The shop theme (settings.styles, spec 9) as CSS custom properties on :root: content width, body and
 * heading fonts, font sizes of body and h1-h4 per screen (desktop, tablet up to 1024 px, mobile below
 * 568 px), radii of blocks, buttons and inputs, and the palette. Values come from stored settings, so
 * every one is checked before it reaches the stylesheet.
 */
import type { ShopConfigDto } from '../lib/api-client';
import { MOBILE_BELOW, TABLET_UP_TO, type ScreenName } from '../lib/screen';
import type { Language } from '../lib/localize';
import { DEFAULT_SETTINGS, FONTS, THEMES } from '../lib/settings';
import { fontStack, isFontFamily, themeFonts, type FontFamily, type ThemeFonts } from './fonts';

type Styles = ShopConfigDto['styles'];
type Themes = ShopConfigDto['themes'];
export type ThemeName = (typeof THEMES)[number];
const TEXT_LEVELS = ['body', 'h1', 'h2', 'h3', 'h4'] as const;
const DEFAULTS = DEFAULT_SETTINGS.styles;
export const DEFAULT_FONT: FontFamily = 'Montserrat';

/** Palette settings and the custom property each one sets. */
const COLOR_PROPERTIES: Record<string, string> = {
  primary: '--color-primary',
  accent: '--color-accent',
  text: '--color-text',
  textMuted: '--color-muted',
  background: '--color-bg',
  backgroundLight: '--color-bg-light',
  backgroundMiddle: '--color-bg-middle',
  backgroundDark: '--color-bg-dark',
  sale: '--color-sale',
};

const CSS_COLOR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/]+\)|[a-z]{3,20})$/i;

/** A colour setting that is safe to write into a stylesheet: hex, rgb(a), hsl(a) or a colour name. */
export const isCssColor = (value: unknown): value is string => typeof value === 'string' && CSS_COLOR.test(value.trim());

const px = (value: unknown, fallback: number, min = 0, max = 4000) =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? `${Math.round(value)}px` : `${fallback}px`;

/**
 * A theme font setting when it names one of the fonts the shop offers (themes.fonts, every font by
 * default), else the default font when offered, else the first offered font.
 */
export function themeFamily(value: unknown, offered: readonly string[] = FONTS): FontFamily {
  const allowed = offered.filter(isFontFamily);
  if (allowed.length === 0) return isFontFamily(value) ? value : DEFAULT_FONT;
  if (isFontFamily(value) && allowed.includes(value)) return value;
  return allowed.includes(DEFAULT_FONT) ? DEFAULT_FONT : allowed[0]!;
}

/**
 * The surfaces of each colour theme (themes.current). A theme replaces the text and background colours
 * of styles.colors and keeps the shop's brand colours (primary, accent, sale); 'default' changes nothing.
 */
export const THEME_OVERRIDES: Record<ThemeName, Record<string, string>> = {
  default: {},
  dark: {
    'color-scheme': 'dark',
    '--color-text': '#f2f0ed',
    '--color-muted': '#b3aea6',
    '--color-bg': '#141414',
    '--color-bg-light': '#1f1f1f',
    '--color-bg-middle': '#2a2a2a',
    '--color-bg-dark': '#0a0a0a',
    '--color-bg-grey': '#1f1f1f',
    '--s-card-background': '#1f1f1f',
    '--color-accent-text': 'color-mix(in srgb, var(--color-accent) 60%, #fff)',
  },
  contrast: {
    '--color-text': '#000000',
    '--color-muted': '#2b2b2b',
    '--color-bg': '#ffffff',
    '--color-bg-light': '#f2f2f2',
    '--color-bg-middle': '#e0e0e0',
    '--color-bg-grey': '#f2f2f2',
    '--color-line': '#000000',
    '--color-accent-text': 'color-mix(in srgb, var(--color-accent) 45%, #000)',
    '--color-accent-fill': 'color-mix(in srgb, var(--color-accent) 55%, #000)',
  },
};

/** The colour theme of the settings; anything unknown is the default theme. */
export function themeName(themes: Pick<Themes, 'current'> | undefined | null): ThemeName {
  const current = themes?.current;
  return (THEMES as readonly string[]).includes(current ?? '') ? (current as ThemeName) : 'default';
}

/** The rules of a colour theme, on <html data-theme="…"> after the palette so that they win over it; '' for the default theme. */
export function themeOverridesCss(theme: ThemeName): string {
  const rules = Object.entries(THEME_OVERRIDES[theme]).map(([property, value]) => `${property}:${value}`);
  return rules.length > 0 ? `:root[data-theme="${theme}"]{${rules.join(';')}}` : '';
}

export type ShopTheme = { name: ThemeName; css: string; fonts: ThemeFonts };

/** Everything a page needs of the theme: the colour theme's name, the custom properties and the @font-face rules of the offered fonts. */
export function shopTheme(settings: Pick<ShopConfigDto, 'styles' | 'themes'> | null | undefined, lang: Language): ShopTheme {
  const offered = settings?.themes?.fonts ?? FONTS;
  const styles = settings?.styles;
  const name = themeName(settings?.themes);
  const fonts = themeFonts(themeFamily(styles?.fontFamilyBody, offered), themeFamily(styles?.fontFamilyHeading, offered), lang);
  return { name, css: [themeCss(styles, offered), themeOverridesCss(name)].filter(Boolean).join('\n'), fonts };
}

function fontSizes(styles: Styles | undefined, screen: ScreenName): string[] {
  return TEXT_LEVELS.map((level) => {
    const fallback = DEFAULTS.fontSize[level][screen];
    return `--font-size-${level}:${px(styles?.fontSize?.[level]?.[screen], fallback, 6, 200)}`;
  });
}

/** The :root rules of the theme, with the tablet and mobile font sizes in media queries. */
export function themeCss(styles: Styles | undefined, offeredFonts: readonly string[] = FONTS): string {
  const body = themeFamily(styles?.fontFamilyBody, offeredFonts);
  const heading = themeFamily(styles?.fontFamilyHeading, offeredFonts);
  const radius = styles?.borderRadius;
  const colors = Object.entries(styles?.colors ?? {}).flatMap(([name, value]) => {
    const property = COLOR_PROPERTIES[name];
    return property && isCssColor(value) ? [`${property}:${value.trim()}`] : [];
  });
  const mobileSizes = fontSizes(styles, 'mobile');
  const root = [
    `--content-width:${px(styles?.content_width, DEFAULTS.content_width, 320)}`,
    `--font-body:${fontStack(body)}`,
    `--font-heading:${fontStack(heading)}`,
    `--radius-block:${px(radius?.block, DEFAULTS.borderRadius.block)}`,
    `--radius-button:${px(radius?.button, DEFAULTS.borderRadius.button)}`,
    `--radius-input:${px(radius?.input, DEFAULTS.borderRadius.input)}`,
    ...fontSizes(styles, 'desktop'),
    // Section titles read the mobile sizes from their own properties.
    ...mobileSizes.map((rule) => rule.replace(/^(--font-size-\w+)/, '$1-mobile')),
    ...colors,
  ];
  return [
    `:root{${root.join(';')}}`,
    `@media (max-width:${TABLET_UP_TO}px){:root{${fontSizes(styles, 'tablet').join(';')}}}`,
    `@media (max-width:${MOBILE_BELOW - 1}px){:root{${mobileSizes.join(';')}}}`,
  ].join('\n');
}
