import type { LocalizedText } from '../../db/schema';
import { t } from '../text';

/** Colours of the Colour option: the swatch code goes to the option value, the artwork is drawn in it. */
export const COLOURS = {
  black: { title: t('Black', 'Чёрный'), hex: '#2b2b2d' },
  white: { title: t('White', 'Белый'), hex: '#f1eee8' },
  cream: { title: t('Cream', 'Кремовый'), hex: '#eadcc3' },
  sand: { title: t('Sand', 'Песочный'), hex: '#d2b98f' },
  camel: { title: t('Camel', 'Верблюжий'), hex: '#b98b5e' },
  brown: { title: t('Chocolate', 'Шоколадный'), hex: '#6b4a3a' },
  terracotta: { title: t('Terracotta', 'Терракотовый'), hex: '#c3643f' },
  rose: { title: t('Dusty rose', 'Пыльная роза'), hex: '#d49a9a' },
  burgundy: { title: t('Burgundy', 'Бордовый'), hex: '#7a2e3a' },
  mustard: { title: t('Mustard', 'Горчичный'), hex: '#d1a23b' },
  olive: { title: t('Olive', 'Оливковый'), hex: '#6f7442' },
  sage: { title: t('Sage', 'Шалфей'), hex: '#9caf88' },
  forest: { title: t('Forest green', 'Лесной зелёный'), hex: '#3f5e48' },
  sky: { title: t('Sky blue', 'Небесно-голубой'), hex: '#8fb5d6' },
  denim: { title: t('Indigo', 'Индиго'), hex: '#3d5a80' },
  navy: { title: t('Navy', 'Тёмно-синий'), hex: '#2f3e5c' },
  grey: { title: t('Heather grey', 'Серый меланж'), hex: '#9d9b98' },
  charcoal: { title: t('Charcoal', 'Графитовый'), hex: '#4a4a4f' },
} satisfies Record<string, { title: LocalizedText; hex: string }>;

export type ColourKey = keyof typeof COLOURS;

export const MATERIALS = {
  linen: t('Linen', 'Лён'),
  cotton: t('Organic cotton', 'Органический хлопок'),
  waxedCotton: t('Waxed cotton', 'Вощёный хлопок'),
  merino: t('Merino wool', 'Шерсть мериноса'),
  wool: t('Wool', 'Шерсть'),
  cashmere: t('Cashmere and wool', 'Кашемир и шерсть'),
  denim: t('Denim', 'Деним'),
  viscose: t('Viscose', 'Вискоза'),
  leather: t('Leather', 'Кожа'),
  suede: t('Suede', 'Замша'),
  canvas: t('Canvas', 'Холст'),
  mesh: t('Recycled mesh', 'Переработанная сетка'),
  stoneware: t('Stoneware', 'Керамика'),
  porcelain: t('Porcelain', 'Фарфор'),
  soyWax: t('Soy wax', 'Соевый воск'),
  brass: t('Brass and linen', 'Латунь и лён'),
  terracotta: t('Terracotta', 'Терракота'),
  nylon: t('Recycled nylon', 'Переработанный нейлон'),
  steel: t('Stainless steel', 'Нержавеющая сталь'),
  acetate: t('Acetate', 'Ацетат'),
  paper: t('Recycled paper', 'Переработанная бумага'),
} satisfies Record<string, LocalizedText>;

export const COUNTRIES = {
  portugal: t('Portugal', 'Португалия'),
  italy: t('Italy', 'Италия'),
  spain: t('Spain', 'Испания'),
  lithuania: t('Lithuania', 'Литва'),
  turkey: t('Turkey', 'Турция'),
  india: t('India', 'Индия'),
  japan: t('Japan', 'Япония'),
  vietnam: t('Vietnam', 'Вьетнам'),
  usa: t('USA', 'США'),
  uk: t('United Kingdom', 'Великобритания'),
  germany: t('Germany', 'Германия'),
  switzerland: t('Switzerland', 'Швейцария'),
} satisfies Record<string, LocalizedText>;

export type MaterialKey = keyof typeof MATERIALS;
export type CountryKey = keyof typeof COUNTRIES;

/** A value of a non-colour option; `surcharge` (cents) is added to the product price. */
export type OptionValueSeed = { key: string; title: LocalizedText; surcharge?: number };
export type OptionSeed = { key: string; title: LocalizedText; unit?: LocalizedText; values: OptionValueSeed[] };

const sameInBoth = (key: string, surcharge?: number): OptionValueSeed => ({
  key,
  title: t(key, key),
  ...(surcharge ? { surcharge } : {}),
});

export const clothingSizes = (...sizes: string[]): OptionSeed => ({
  key: 'size',
  title: t('Size', 'Размер'),
  values: sizes.map((s) => sameInBoth(s)),
});

export const shoeSizes = (from: number, to: number): OptionSeed => ({
  key: 'size',
  title: t('Size', 'Размер'),
  unit: t('EU', 'EU'),
  values: Array.from({ length: to - from + 1 }, (_, i) => sameInBoth(String(from + i))),
});

/** A measured option such as volume or length: each value is a number (with its surcharge) in `unit`. */
export const measuredOption = (key: string, title: LocalizedText, unit: LocalizedText, values: [string, number?][]): OptionSeed => ({
  key,
  title,
  unit,
  values: values.map(([value, surcharge]) => sameInBoth(value, surcharge)),
});

export const CARE = {
  machineWash: t('Machine wash at 30 °C', 'Машинная стирка при 30 °C'),
  handWash: t('Hand wash cold, dry flat', 'Ручная стирка в холодной воде, сушить в расправленном виде'),
  dryClean: t('Dry clean only', 'Только сухая чистка'),
  wipeClean: t('Wipe clean with a damp cloth', 'Протирать влажной тканью'),
  dishwasher: t('Dishwasher and microwave safe', 'Можно мыть в посудомоечной машине и использовать в микроволновой печи'),
} satisfies Record<string, LocalizedText>;
