import type { LocalizedText } from '../../db/schema';
import type { ImageSpec } from '../art/render';
import { partnerLogo, scene, shopLogo, type Decor } from '../art/scenes';
import type { ShapeKind } from '../art/shapes';
import { PARTNERS, PICTURES, SHOP } from '../brand';
import { COLOURS, type ColourKey } from '../catalog/vocabulary';
import { t } from '../text';

type Item = [kind: ShapeKind, colour: ColourKey, x: number, scale: number];

/** A JPEG scene of items standing on one floor line, 50 px above the bottom edge. */
export function scenePicture(
  key: string,
  [width, height]: [number, number],
  [from, to]: [string, string],
  decor: Decor,
  items: Item[],
  label: { alt: LocalizedText; title: LocalizedText },
  withBrand = false,
): ImageSpec {
  const placed = items.map(([kind, colour, x, scale]) => ({ kind, colour: COLOURS[colour].hex, x, floor: height - 50, scale }));
  return { key, format: 'jpeg', svg: scene(width, height, { from, to }, decor, placed, withBrand), ...label };
}

const SLIDE: [number, number] = [1920, 700];
const PICTURE: [number, number] = [900, 700];
const logoLabel = { alt: t('Northfold logo', 'Логотип Нортфолд'), title: SHOP.name };

/** The logo, slides, banner, pictures for text blocks and partner logos. */
export function contentImages(): ImageSpec[] {
  return [
    { key: PICTURES.logo, format: 'webp', svg: shopLogo(400, 96, SHOP.colour, true), ...logoLabel },
    { key: PICTURES.logoMobile, format: 'webp', svg: shopLogo(96, 96, SHOP.colour, false), ...logoLabel },
    scenePicture(
      PICTURES.slideClothing,
      SLIDE,
      ['#f3e9dc', '#dcc0a3'],
      'sun',
      [
        ['coat', 'camel', 1100, 1.3],
        ['shirt', 'white', 1440, 1.2],
        ['sweater', 'sage', 1760, 1.1],
      ],
      {
        alt: t('Coat, linen shirt and sweater from the new season', 'Пальто, льняная рубашка и свитер из нового сезона'),
        title: t('New season', 'Новый сезон'),
      },
      true,
    ),
    scenePicture(
      PICTURES.slideShoes,
      SLIDE,
      ['#e9eef3', '#b9c8d8'],
      'arch',
      [
        ['boot', 'brown', 1080, 1.25],
        ['sneaker', 'white', 1430, 1.15],
        ['loafer', 'burgundy', 1760, 1.05],
      ],
      {
        alt: t('Chelsea boots, canvas sneakers and loafers', 'Челси, кеды и лоферы'),
        title: t('Shoes made to last', 'Обувь на долгие годы'),
      },
      true,
    ),
    scenePicture(
      PICTURES.slideHome,
      SLIDE,
      ['#eef1e6', '#bccaa9'],
      'bands',
      [
        ['lamp', 'cream', 1040, 1.3],
        ['vase', 'terracotta', 1340, 1.05],
        ['planter', 'sand', 1600, 1.0],
        ['mug', 'sage', 1820, 0.7],
      ],
      {
        alt: t('Lamp, vase, planter and mug for the home', 'Лампа, ваза, кашпо и кружка для дома'),
        title: t('A calmer home', 'Уютный дом'),
      },
      true,
    ),
    scenePicture(
      PICTURES.bannerGifts,
      [1600, 500],
      ['#f6ead2', '#e2b86a'],
      'blobs',
      [
        ['wallet', 'mustard', 980, 0.9],
        ['candle', 'cream', 1220, 0.8],
        ['scarf', 'burgundy', 1440, 1.0],
      ],
      { alt: t('Wallet, candle and scarf', 'Кошелёк, свеча и шарф'), title: t('Gifts', 'Подарки') },
    ),
    scenePicture(
      PICTURES.workshop,
      PICTURE,
      ['#f4efe6', '#d9ccb6'],
      'arch',
      [
        ['jacket', 'olive', 300, 1.0],
        ['tote', 'cream', 600, 0.85],
      ],
      {
        alt: t('Waxed jacket and canvas tote from our workshop', 'Вощёная куртка и холщовая сумка из нашей мастерской'),
        title: t('Our workshop', 'Наша мастерская'),
      },
    ),
    scenePicture(
      PICTURES.care,
      PICTURE,
      ['#eef3f5', '#c5d5dd'],
      'sun',
      [
        ['towels', 'sky', 300, 1.0],
        ['blanket', 'mustard', 620, 0.9],
      ],
      {
        alt: t('Folded towels and a wool throw', 'Сложенные полотенца и шерстяной плед'),
        title: t('Caring for natural fibres', 'Уход за натуральными тканями'),
      },
    ),
    ...PARTNERS.map(
      (partner): ImageSpec => ({
        key: partner.key,
        format: 'webp',
        svg: partnerLogo(partner.name, partner.glyph, SHOP.accent),
        alt: t(`${partner.name} logo`, `Логотип ${partner.name}`),
        title: t(partner.name, partner.name),
      }),
    ),
  ];
}
