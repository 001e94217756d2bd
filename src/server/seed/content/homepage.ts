import type { LocalizedText } from '../../db/schema';
import { PARTNERS, PICTURES, SHOP } from '../brand';
import { CATALOGS, productCoverImageId } from '../catalog';
import { imageId, productId } from '../ids';
import { carousel, columns, footerButton, frame, grid, heading, itemSection, layout, productGrid, type SectionSeed } from '../sections';
import { t } from '../text';
import { BLOG_SLUG } from './blog';
import { SHOPPING_FAQ } from './faq';

type Link = { type: 'page' | 'catalog' | 'product' | 'link'; url: string };

function slide(
  picture: string,
  tag: LocalizedText,
  title: LocalizedText,
  text: LocalizedText,
  link: Link,
  button: Record<string, unknown>,
) {
  return {
    content: {
      image: imageId(picture),
      imageMobile: null,
      alt: title,
      tag,
      text,
      link,
      alignHorizontal: 'left',
      alignVertical: 'center',
      innerPadding: 40,
      colorText: '#1f1d1a',
      background: '#ffffff',
      opacity: 0,
      opacityMobile: 40,
    },
    heading: { title, color: '#1f1d1a' },
    button: { isShow: true, ...button },
    align: { desktop: 'left', mobile: 'center' },
  };
}

const benefit = (title: LocalizedText, text: LocalizedText) => ({
  heading: { title },
  content: { html: { en: `<p>${text.en}</p>`, ru: `<p>${text.ru}</p>` } },
});

const testimonial = (name: string, city: LocalizedText, rating: number, text: LocalizedText) => ({
  heading: { title: t(name, name), note: city },
  rating,
  content: { html: { en: `<p>${text.en}</p>`, ru: `<p>${text.ru}</p>` } },
});

/** The homepage: one section of each kind a shop front needs, from the hero slider to the enquiry form. */
export function homepageSections(): SectionSeed[] {
  return [
    {
      type: 'SectionSlider',
      options: {
        section: frame('none', 'full'),
        autoplay: { enabled: true, speed: 5000 },
        template: layout(carousel(1)),
      },
      items: [
        slide(
          PICTURES.slideClothing,
          t('New season', 'Новый сезон'),
          t('Linen for long summer days', 'Лён для долгих летних дней'),
          t('Shirts, shorts and dresses in breathable European linen.', 'Рубашки, шорты и платья из дышащего европейского льна.'),
          { type: 'catalog', url: 'clothing' },
          { text: t('Shop clothing', 'Смотреть одежду'), link: { type: 'catalog', url: 'clothing' } },
        ),
        slide(
          PICTURES.slideShoes,
          t('Built to last', 'На долгие годы'),
          t('Chelsea boots you can resole', 'Челси, которым можно менять подошву'),
          t('Goodyear-welted, full-grain leather, made in Spain.', 'Рантовое крепление Goodyear, полнозернистая кожа, сделано в Испании.'),
          { type: 'product', url: 'leather-chelsea-boots' },
          { text: t('See the boots', 'Смотреть челси'), link: { type: 'product', url: 'leather-chelsea-boots' } },
        ),
        slide(
          PICTURES.slideHome,
          t('Home', 'Дом'),
          t('A calmer home', 'Уютный и спокойный дом'),
          t(
            'Stoneware, linen and wool chosen by our stylist. Ask her for advice.',
            'Керамика, лён и шерсть, отобранные нашим стилистом. Спросите её совета.',
          ),
          { type: 'catalog', url: 'home' },
          {
            text: t('Ask our stylist', 'Спросить стилиста'),
            defaultComment: t('I would like help choosing homeware.', 'Помогите, пожалуйста, подобрать товары для дома.'),
          },
        ),
      ],
    },
    itemSection(
      'SectionCategory',
      t('Shop by category', 'Категории'),
      productGrid(),
      CATALOGS.filter((c) => c.slug !== 'new-arrivals').map((c) => ({
        heading: { title: c.title },
        content: { image: productCoverImageId(c.coverProduct), alt: c.title },
        link: { type: 'catalog', url: c.slug },
      })),
    ),
    {
      type: 'SectionProductWidget',
      options: {
        section: frame(),
        heading: heading(t('New arrivals', 'Новинки'), t('Fresh from our workshops', 'Только что из мастерских')),
        catalogSlug: 'new-arrivals',
        limit: 8,
        template: layout(carousel(4), carousel(2), carousel(2)),
      },
    },
    {
      type: 'SectionTextBlockPictureRight',
      options: {
        section: frame('light'),
        heading: heading(t('Made by people we know', 'Сделано людьми, которых мы знаем')),
        content: {
          html: t(
            '<p>Every Northfold piece comes from a small workshop we have visited ourselves: shirtmakers in Porto, weavers in Lithuania, shoemakers in Alicante.</p><p>We pay fair prices, order in small batches and sell only what we would wear and use ourselves.</p>',
            '<p>Каждая вещь Нортфолд сделана в небольшой мастерской, в которой мы побывали сами: рубашечники из Порту, ткачи из Литвы, обувщики из Аликанте.</p><p>Мы платим честную цену, заказываем небольшими партиями и продаём только то, что носили бы и чем пользовались бы сами.</p>',
          ),
          image: imageId(PICTURES.workshop),
          alt: t('Our workshop', 'Наша мастерская'),
          imageBorderRadius: 16,
          orderMobile: 'imageFirst',
        },
        grid: { desktop: [6, 6], tablet: [6, 6], mobile: [12, 12] },
        footer: { textAlign: 'left', button: { isShow: true, text: t('Our story', 'Наша история'), link: { type: 'page', url: 'about' } } },
      },
    },
    itemSection(
      'SectionBenefit',
      t('Why shop with us', 'Почему выбирают нас'),
      columns(4, 2),
      [
        benefit(
          t('Free shipping over $100', 'Бесплатная доставка от $100'),
          t('Across the US, delivered within a week.', 'По всем США, в течение недели.'),
        ),
        benefit(
          t('60-day returns', 'Возврат в течение 60 дней'),
          t('Changed your mind? Send it back for free.', 'Передумали? Верните товар бесплатно.'),
        ),
        benefit(
          t('Repairs for life', 'Ремонт на всю жизнь'),
          t('We mend anything we sell, at cost.', 'Чиним всё, что продаём, по себестоимости.'),
        ),
        benefit(
          t('Secure payment', 'Безопасная оплата'),
          t('Pay online by card or in cash on receipt.', 'Оплата картой онлайн или наличными при получении.'),
        ),
      ],
      { align: 'center' },
    ),
    itemSection(
      'SectionProductWidgetByItems',
      t('Staff picks', 'Выбор команды'),
      productGrid(),
      ['merino-crew-sweater', 'suede-loafers', 'table-lamp', 'field-watch'].map((slug) => ({ product: { id: productId(slug) } })),
    ),
    {
      type: 'SectionBanner1',
      options: {
        section: frame('none', 'full'),
        heading: {
          title: t('Give something that lasts', 'Подарите то, что прослужит долго'),
          fontStyleTitle: 'h2',
          colorTitle: '#1f1d1a',
          align: 'left',
        },
        content: {
          html: t(
            '<p>Candles, scarves and wallets, gift-wrapped free of charge on request.</p>',
            '<p>Свечи, шарфы и кошельки — по запросу бесплатно упакуем в подарок.</p>',
          ),
          image: imageId(PICTURES.bannerGifts),
          alt: t('Wallet, candle and scarf', 'Кошелёк, свеча и шарф'),
        },
        footer: {
          textAlign: 'left',
          button: {
            isShow: true,
            text: t('Shop gifts', 'Выбрать подарок'),
            link: { type: 'catalog', url: 'accessories' },
          },
        },
      },
    },
    itemSection(
      'SectionTestimonial',
      t('What our customers say', 'Отзывы покупателей'),
      layout(carousel(3), carousel(2), carousel(1)),
      [
        testimonial(
          'Olivia R.',
          t('Brooklyn', 'Бруклин'),
          5,
          t(
            'The linen shirt is the best thing I bought this year. Softer after every wash.',
            'Льняная рубашка — лучшая покупка этого года. С каждой стиркой всё мягче.',
          ),
        ),
        testimonial(
          'Марина К.',
          t('Toronto', 'Торонто'),
          5,
          t(
            'Fast delivery to Canada and beautiful packaging. The throw is so cosy!',
            'Быстрая доставка в Канаду и красивая упаковка. Плед очень уютный!',
          ),
        ),
        testimonial(
          'David L.',
          t('Chicago', 'Чикаго'),
          4,
          t(
            'My boots needed a new sole after three years and the repair was quick and cheap.',
            'Через три года ботинкам понадобилась новая подошва — ремонт сделали быстро и недорого.',
          ),
        ),
      ],
      { background: 'grey', align: 'center' },
    ),
    {
      type: 'SectionFaq',
      options: {
        section: frame(),
        heading: heading(t('Questions and answers', 'Вопросы и ответы')),
        footer: footerButton(
          t('Ask a question', 'Задать вопрос'),
          t('I have a question about an order.', 'У меня вопрос по заказу.'),
          t('Did not find your answer?', 'Не нашли ответ?'),
        ),
      },
      items: SHOPPING_FAQ.slice(0, 4),
    },
    {
      type: 'SectionMediaWidget',
      options: {
        section: frame('light'),
        heading: heading(t('From the journal', 'Из журнала')),
        categorySlug: BLOG_SLUG,
        limit: 3,
        template: layout(grid(3), grid(2), carousel(1)),
      },
    },
    itemSection(
      'SectionLogoGallery',
      t('Our partner workshops', 'Наши партнёрские мастерские'),
      layout(grid(5), grid(3), carousel(2)),
      PARTNERS.map((p) => ({
        image: imageId(p.key),
        alt: t(p.name, p.name),
        link: { type: 'external', url: `https://${p.key.replace('partner-', '')}.example` },
      })),
      { align: 'center' },
    ),
    {
      // prepared for the winter sale and switched off until then
      type: 'SectionBanner2',
      hidden: true,
      options: {
        section: frame('none', 'full'),
        heading: { title: t('Winter sale: up to 30% off', 'Зимняя распродажа: скидки до 30%'), fontStyleTitle: 'h2', align: 'center' },
        content: { image: imageId(PICTURES.slideClothing), alt: t('Winter sale', 'Зимняя распродажа') },
      },
    },
    {
      type: 'SectionContacts1',
      options: {
        section: frame('grey'),
        heading: heading(t('Visit our store', 'Приходите в магазин')),
        content: {
          html: t(`<p>${SHOP.address.en}</p><p>${SHOP.workTime.en}</p>`, `<p>${SHOP.address.ru}</p><p>${SHOP.workTime.ru}</p>`),
        },
        mapUrl: SHOP.mapUrl,
      },
    },
    {
      type: 'SectionForm1',
      options: {
        section: frame(),
        heading: heading(
          t('Need help choosing?', 'Нужна помощь с выбором?'),
          t('Leave your number and we will call you back within an hour.', 'Оставьте номер, и мы перезвоним в течение часа.'),
        ),
        form: {
          type: 'enquiry',
          defaultComment: t('Please help me choose.', 'Помогите, пожалуйста, с выбором.'),
          button: t('Request a call', 'Заказать звонок'),
          successTitle: t('Thank you!', 'Спасибо!'),
          successText: t('We will call you back shortly.', 'Мы скоро вам перезвоним.'),
        },
      },
    },
  ];
}
