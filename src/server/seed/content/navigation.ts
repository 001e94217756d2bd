import type { LocalizedText, MenuLink, menuItems, menus, redirects } from '../../db/schema';
import { SHOP } from '../brand';
import { CATALOGS } from '../catalog';
import { seedId } from '../ids';
import { t } from '../text';
import { BLOG_SLUG, FEATURED_ARTICLE_SLUG } from './blog';

type Entry = { title: LocalizedText; link: MenuLink; children?: Entry[] };

const page = (title: LocalizedText, slug: string): Entry => ({ title, link: { type: 'page', url: slug } });
const external = (title: LocalizedText, url: string): Entry => ({ title, link: { type: 'external', url } });
const shopCatalogs: Entry[] = CATALOGS.filter((c) => c.slug !== 'new-arrivals').map((c) => ({
  title: c.title,
  link: { type: 'catalog', url: c.slug },
}));
const journal: Entry = { title: t('Journal', 'Журнал'), link: { type: 'category', url: BLOG_SLUG } };

const MENUS: { name: 'info' | 'main' | 'footer'; title: LocalizedText; entries: Entry[] }[] = [
  {
    name: 'info',
    title: t('Information', 'Информация'),
    entries: [
      page(t('Delivery and payment', 'Доставка и оплата'), 'delivery-and-payment'),
      page(t('Returns', 'Возврат'), 'returns'),
      page(t('FAQ', 'Вопросы и ответы'), 'faq'),
      page(t('Contacts', 'Контакты'), 'contacts'),
    ],
  },
  {
    name: 'main',
    title: t('Main menu', 'Главное меню'),
    entries: [
      { title: t('Shop', 'Магазин'), link: { type: 'catalog', url: 'new-arrivals' }, children: shopCatalogs },
      { title: t('New arrivals', 'Новинки'), link: { type: 'catalog', url: 'new-arrivals' } },
      {
        ...journal,
        children: [
          { title: t('Repair programme', 'Программа ремонта'), link: { type: 'article', url: `${BLOG_SLUG}/${FEATURED_ARTICLE_SLUG}` } },
          { title: t('Caring for linen', 'Уход за льном'), link: { type: 'article', url: `${BLOG_SLUG}/how-to-care-for-linen` } },
        ],
      },
      page(t('About us', 'О нас'), 'about'),
    ],
  },
  {
    name: 'footer',
    title: t('Footer', 'Подвал'),
    entries: [
      {
        title: t('Shop', 'Магазин'),
        link: { type: 'catalog', url: 'new-arrivals' },
        children: [
          ...shopCatalogs,
          { title: t('Bestseller: linen shirt', 'Хит: льняная рубашка'), link: { type: 'product', url: 'linen-shirt' } },
        ],
      },
      {
        title: t('Customer care', 'Покупателям'),
        link: { type: 'page', url: 'faq' },
        children: [
          page(t('Delivery and payment', 'Доставка и оплата'), 'delivery-and-payment'),
          page(t('Returns and exchanges', 'Возврат и обмен'), 'returns'),
          page(t('Questions and answers', 'Вопросы и ответы'), 'faq'),
          page(t('Privacy policy', 'Политика конфиденциальности'), 'privacy-policy'),
        ],
      },
      {
        title: t('Company', 'Компания'),
        link: { type: 'page', url: 'about' },
        children: [page(t('About us', 'О нас'), 'about'), journal, page(t('Contacts', 'Контакты'), 'contacts')],
      },
      {
        title: t('Follow us', 'Мы в соцсетях'),
        link: { type: 'external', url: SHOP.socials.instagram },
        children: [
          external(t('Instagram', 'Instagram'), SHOP.socials.instagram),
          external(t('Facebook', 'Facebook'), SHOP.socials.facebook),
          external(t('Telegram', 'Telegram'), SHOP.socials.telegram),
        ],
      },
    ],
  },
];

export function menuRows(): { menus: (typeof menus.$inferInsert)[]; items: (typeof menuItems.$inferInsert)[] } {
  const items: (typeof menuItems.$inferInsert)[] = [];
  const add = (menuId: string, entries: Entry[], parentId: string | null, path: string) =>
    entries.forEach((entry, position) => {
      const id = seedId('menu-item', `${path}/${position}`);
      items.push({ id, menuId, parentId, title: entry.title, link: entry.link, position });
      if (entry.children) add(menuId, entry.children, id, `${path}/${position}`);
    });
  const rows = MENUS.map((menu) => {
    const id = seedId('menu', menu.name);
    add(id, menu.entries, null, menu.name);
    return { id, name: menu.name, title: menu.title };
  });
  return { menus: rows, items };
}

/** Old addresses kept alive; one target is stored without its leading slash, which the redirect adds. */
const REDIRECTS: [from: string, to: string][] = [
  ['/old-shop', '/catalogs/clothing'],
  ['/about-us', 'about'],
  ['/sale', '/catalogs/shoes'],
  ['/shop', '/catalogs/new-arrivals'],
  ['/journal', `/${BLOG_SLUG}`],
  ['/blog/linen-care', `/${BLOG_SLUG}/how-to-care-for-linen`],
];

export const redirectRows = (): (typeof redirects.$inferInsert)[] =>
  REDIRECTS.map(([fromPath, toPath]) => ({ id: seedId('redirect', fromPath), fromPath, toPath }));
