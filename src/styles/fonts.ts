/**
 * Self-hosted theme fonts (spec 9): the woff2 files of the installed @fontsource packages, served under
 * /assets/fonts/{package}/{file}. Only the families the theme uses get @font-face rules, and the
 * Cyrillic files only when the page is in Russian. Server-only: it reads the packages from disk.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Language } from '../lib/localize';
import { FONTS } from '../lib/settings';

export type FontFamily = (typeof FONTS)[number];
export const FONT_BASE_PATH = '/assets/fonts';

/** Weights the storefront uses: body text, medium menus, semibold and bold headings. */
const BODY_WEIGHTS = [400, 500, 600, 700];
const HEADING_WEIGHTS = [600, 700];
const SUBSETS: Record<Language, string[]> = { en: ['latin', 'latin-ext'], ru: ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext'] };
const SERVED_SUBSETS = new Set(SUBSETS.ru);

type FontPackage = {
  id: string;
  family: FontFamily;
  weights: number[];
  subsets: string[];
  unicodeRanges: Record<string, string>;
  category: string;
};

/** '@fontsource/open-sans' for 'Open Sans'. */
export const fontPackageId = (family: FontFamily) => family.toLowerCase().replace(/\s+/g, '-');

const PACKAGE_BY_ID = new Map<string, FontFamily>(FONTS.map((family) => [fontPackageId(family), family]));

export function isFontFamily(value: unknown): value is FontFamily {
  return typeof value === 'string' && (FONTS as readonly string[]).includes(value);
}

const requireFromPackages = createRequire(import.meta.url);
const packages = new Map<string, FontPackage>();

function packageDir(id: string): string {
  return path.dirname(requireFromPackages.resolve(`@fontsource/${id}/package.json`));
}

function loadPackage(family: FontFamily): FontPackage {
  const id = fontPackageId(family);
  let found = packages.get(id);
  if (!found) {
    const metadata = requireFromPackages(`@fontsource/${id}/metadata.json`) as {
      weights: number[];
      subsets: string[];
      styles: string[];
      category: string;
    };
    const unicodeRanges = requireFromPackages(`@fontsource/${id}/unicode.json`) as Record<string, string>;
    found = { id, family, weights: metadata.weights, subsets: metadata.subsets, unicodeRanges, category: metadata.category };
    packages.set(id, found);
  }
  return found;
}

/** Font file name of the package: montserrat-cyrillic-400-normal.woff2 */
const fileName = (id: string, subset: string, weight: number) => `${id}-${subset}-${weight}-normal.woff2`;
export const fontFileUrl = (id: string, subset: string, weight: number) => `${FONT_BASE_PATH}/${id}/${fileName(id, subset, weight)}`;

/** The CSS font stack of a theme family, with a system fallback of its kind. */
export function fontStack(family: FontFamily): string {
  const fallback =
    loadPackage(family).category === 'serif'
      ? "Georgia, 'Times New Roman', serif"
      : "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  return `'${family}', ${fallback}`;
}

export type ThemeFonts = {
  /** @font-face rules of the used families, weights and subsets */
  css: string;
  /** the body font's regular file of the page's main script, worth preloading */
  preload: string | null;
};

/** @font-face rules (font-display: swap) for the body and heading families of the theme in `lang`. */
export function themeFonts(body: FontFamily, heading: FontFamily, lang: Language): ThemeFonts {
  const weightsByFamily = new Map<FontFamily, Set<number>>([[body, new Set(BODY_WEIGHTS)]]);
  const headingWeights = weightsByFamily.get(heading) ?? new Set<number>();
  HEADING_WEIGHTS.forEach((weight) => headingWeights.add(weight));
  weightsByFamily.set(heading, headingWeights);

  const rules: string[] = [];
  for (const [family, wanted] of weightsByFamily) {
    const font = loadPackage(family);
    const weights = font.weights.filter((weight) => wanted.has(weight));
    for (const subset of SUBSETS[lang].filter((s) => font.subsets.includes(s))) {
      for (const weight of weights) {
        rules.push(
          `@font-face{font-family:'${family}';font-style:normal;font-display:swap;font-weight:${weight};` +
            `src:url(${fontFileUrl(font.id, subset, weight)}) format('woff2');unicode-range:${font.unicodeRanges[subset]}}`,
        );
      }
    }
  }
  const bodyFont = loadPackage(body);
  const mainSubset = lang === 'ru' && bodyFont.subsets.includes('cyrillic') ? 'cyrillic' : 'latin';
  const regular = bodyFont.weights.includes(400) ? 400 : bodyFont.weights[0];
  return { css: rules.join('\n'), preload: regular === undefined ? null : fontFileUrl(bodyFont.id, mainSubset, regular) };
}

const FILE_PATTERN = /^([a-z-]+)-(latin|latin-ext|cyrillic|cyrillic-ext)-(\d{3})-normal\.woff2$/;

/** The woff2 file at `{package}/{file}` under /assets/fonts, or null for anything else. */
export async function readFontFile(requestPath: string): Promise<Buffer | null> {
  const [id, file, ...rest] = requestPath.split('/');
  if (!id || !file || rest.length > 0) return null;
  const family = PACKAGE_BY_ID.get(id);
  const match = FILE_PATTERN.exec(file);
  if (!family || !match || match[1] !== id || !SERVED_SUBSETS.has(match[2]!)) return null;
  try {
    return await readFile(path.join(packageDir(id), 'files', file));
  } catch {
    return null;
  }
}
