import type { LocalizedText } from '../../db/schema';
import type { Backdrop } from '../art/scenes';
import { t } from '../text';

export type CatalogSeed = {
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  metaDescription: LocalizedText;
  sortCriteria: 'custom' | 'title' | 'price_asc' | 'price_desc';
  /** the product whose first picture stands for the catalog */
  coverProduct: string;
  /** studio backdrop of the catalog's product shots */
  backdrop: Backdrop;
};

export const CATALOGS: CatalogSeed[] = [
  {
    slug: 'clothing',
    title: t('Clothing', 'Одежда'),
    description: t(
      '<p>Wardrobe staples in linen, organic cotton, merino and denim, made in small batches by workshops we know by name.</p>',
      '<p>Базовый гардероб из льна, органического хлопка, мериноса и денима. Небольшие партии от мастерских, которые мы знаем лично.</p>',
    ),
    metaDescription: t(
      'Shop linen shirts, organic cotton tees, merino sweaters, jeans and coats at Northfold. Free shipping on orders over $100.',
      'Льняные рубашки, футболки из органического хлопка, свитеры из мериноса, джинсы и пальто в Нортфолд. Бесплатная доставка от $100.',
    ),
    sortCriteria: 'custom',
    coverProduct: 'linen-shirt',
    backdrop: { from: '#f8f4ef', to: '#e7dccf' },
  },
  {
    slug: 'shoes',
    title: t('Shoes', 'Обувь'),
    description: t(
      '<p>Sneakers, boots, loafers and sandals built to be worn for years and repaired rather than replaced.</p>',
      '<p>Кеды, ботинки, лоферы и сандалии, которые служат годами: их ремонтируют, а не выбрасывают.</p>',
    ),
    metaDescription: t(
      'Canvas sneakers, leather Chelsea boots, loafers and sandals. Goodyear-welted and resoleable shoes at Northfold.',
      'Кеды, кожаные челси, лоферы и сандалии. Обувь с рантовым креплением, которую можно перебортовать, в Нортфолд.',
    ),
    sortCriteria: 'price_asc',
    coverProduct: 'canvas-sneakers',
    backdrop: { from: '#f3f5f7', to: '#dbe2ea' },
  },
  {
    slug: 'home',
    title: t('Home', 'Дом'),
    description: t(
      '<p>Stoneware, linen and wool for a calm, lived-in home: pieces you will reach for every day.</p>',
      '<p>Керамика, лён и шерсть для спокойного уютного дома: вещи, которыми пользуешься каждый день.</p>',
    ),
    metaDescription: t(
      'Handmade stoneware mugs and vases, linen cushions, wool throws and lamps for a calm home.',
      'Керамические кружки и вазы ручной работы, льняные наволочки, шерстяные пледы и лампы для уютного дома.',
    ),
    sortCriteria: 'title',
    coverProduct: 'stoneware-mug',
    backdrop: { from: '#f7f4ea', to: '#e6dec8' },
  },
  {
    slug: 'accessories',
    title: t('Accessories', 'Аксессуары'),
    description: t(
      '<p>Bags, caps, scarves and small leather goods that finish an outfit and last for years.</p>',
      '<p>Сумки, кепки, шарфы и мелкие кожаные аксессуары, которые завершают образ и служат годами.</p>',
    ),
    metaDescription: t(
      'Tote bags, backpacks, caps, beanies, watches, sunglasses and leather goods at Northfold.',
      'Сумки-шопперы, рюкзаки, кепки, шапки, часы, солнцезащитные очки и кожаные аксессуары в Нортфолд.',
    ),
    sortCriteria: 'price_desc',
    coverProduct: 'roll-top-backpack',
    backdrop: { from: '#f7f1f0', to: '#e8d9d6' },
  },
  {
    slug: 'new-arrivals',
    title: t('New arrivals', 'Новинки'),
    description: t(
      '<p>Just landed: the latest pieces from our workshops, restocked every month.</p>',
      '<p>Только что прибыли: новые вещи от наших мастерских, пополняем каждый месяц.</p>',
    ),
    metaDescription: t(
      'The newest clothing, shoes, homeware and accessories at Northfold.',
      'Самые новые одежда, обувь, товары для дома и аксессуары в Нортфолд.',
    ),
    sortCriteria: 'custom',
    coverProduct: 'wrap-midi-dress',
    backdrop: { from: '#f8f4ef', to: '#e7dccf' },
  },
];
