/**
 * The shop theme (settings.styles, spec 9) as CSS custom properties on :root: content width, body and
 * heading fonts, font sizes of body and h1-h4 per screen (desktop, tablet up to 1024 px, mobile below
 * 568 px), radii of blocks, buttons and inputs, and the palette. Values come from stored settings, so
 * every one is checked before it reaches the stylesheet.
 */
import type { ShopConfigDto } from '../lib/api-client';
import { MOBILE_BELOW, TABLET_UP_TO, type ScreenName } from '../lib/screen';
import { DEFAULT_SETTINGS } from '../lib/settings';
import { fontStack, isFontFamily, type FontFamily } from './fonts';

type Styles = ShopConfigDto['styles'];
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

/** A theme font setting when it names one of the shop's fonts, else the default font. */
export function themeFamily(value: unknown): FontFamily {
  return isFontFamily(value) ? value : DEFAULT_FONT;
}

function fontSizes(styles: Styles | undefined, screen: ScreenName): string[] {
  return TEXT_LEVELS.map((level) => {
    const fallback = DEFAULTS.fontSize[level][screen];
    return `--font-size-${level}:${px(styles?.fontSize?.[level]?.[screen], fallback, 6, 200)}`;
  });
}

/** The :root rules of the theme, with the tablet and mobile font sizes in media queries. */
export function themeCss(styles: Styles | undefined): string {
  const body = themeFamily(styles?.fontFamilyBody);
  const heading = themeFamily(styles?.fontFamilyHeading);
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
