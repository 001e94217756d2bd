import type { LocalizedText, pages, sections } from '../../db/schema';
import { PICTURES, SHOP } from '../brand';
import { productCoverImageId, productImageKey } from '../catalog';
import { imageId, pageId } from '../ids';
import {
  breadcrumbs,
  columns,
  footerButton,
  frame,
  heading,
  headingH1,
  itemSection,
  layout,
  masonry,
  sectionRows,
  textBlock,
  type SectionSeed,
} from '../sections';
import { t } from '../text';
import { SHOPPING_FAQ } from './faq';
import { homepageSections } from './homepage';

type PageSeed = {
  slug: string;
  type: 'homepage' | 'page';
  title: LocalizedText;
  metaTitle: LocalizedText;
  metaDescription: LocalizedText;
  preview?: string;
  noindex?: boolean;
  sections: SectionSeed[];
};

const html = (en: string[], ru: string[]): LocalizedText => ({
  en: en.map((p) => `<p>${p}</p>`).join(''),
  ru: ru.map((p) => `<p>${p}</p>`).join(''),
});

const textItem = (title: LocalizedText, text: LocalizedText, image?: string) => ({
  heading: { title },
  content: { html: { en: `<p>${text.en}</p>`, ru: `<p>${text.ru}</p>` }, ...(image ? { image: imageId(image), alt: title } : {}) },
});

/** A pricing plan: name, price, a note under the price and the list of what is included. */
const plan = (title: LocalizedText, price: LocalizedText, note: LocalizedText, features: LocalizedText[]) => ({
  heading: { title, note },
  price,
  content: {
    html: {
      en: `<ul>${features.map((f) => `<li>${f.en}</li>`).join('')}</ul>`,
      ru: `<ul>${features.map((f) => `<li>${f.ru}</li>`).join('')}</ul>`,
    },
  },
  button: { isShow: false },
});

/** A text page opens with breadcrumbs and its H1. */
const pageHead = (slug: string, title: LocalizedText): SectionSeed[] => [breadcrumbs({ title, uri: slug }), headingH1(title)];

const ABOUT = t('About us', 'О нас');
const DELIVERY = t('Delivery and payment', 'Доставка и оплата');
const RETURNS = t('Returns and exchanges', 'Возврат и обмен');
const CONTACTS = t('Contacts', 'Контакты');
const FAQ = t('Questions and answers', 'Вопросы и ответы');
const PRIVACY = t('Privacy policy', 'Политика конфиденциальности');

const enquiryForm = (title: LocalizedText, comment: LocalizedText): SectionSeed => ({
  type: 'SectionForm2',
  options: {
    section: frame('light'),
    heading: heading(title),
    form: {
      type: 'enquiry',
      defaultComment: comment,
      button: t('Send', 'Отправить'),
      successTitle: t('Message sent', 'Сообщение отправлено'),
      successText: t('We usually reply within one working day.', 'Обычно мы отвечаем в течение одного рабочего дня.'),
    },
  },
});

const PAGES: PageSeed[] = [
  {
    slug: 'home',
    type: 'homepage',
    title: t('Northfold: clothing, shoes and homeware', 'Нортфолд: одежда, обувь и товары для дома'),
    metaTitle: t('Northfold: considered clothing, shoes and homeware', 'Нортфолд: продуманная одежда, обувь и товары для дома'),
    metaDescription: t(
      'Linen shirts, leather boots, stoneware and wool throws from small workshops. Free US shipping over $100 and repairs for life.',
      'Льняные рубашки, кожаные ботинки, керамика и шерстяные пледы от небольших мастерских. Бесплатная доставка по США от $100 и ремонт на всю жизнь.',
    ),
    preview: PICTURES.slideClothing,
    sections: homepageSections(),
  },
  {
    slug: 'about',
    type: 'page',
    title: ABOUT,
    metaTitle: t('About Northfold', 'О магазине Нортфолд'),
    metaDescription: t(
      'Who we are, who makes our products and why we repair everything we sell.',
      'Кто мы, кто делает наши вещи и почему мы ремонтируем всё, что продаём.',
    ),
    preview: PICTURES.workshop,
    sections: [
      ...pageHead('about', ABOUT),
      {
        type: 'SectionTextBlockPictureLeft',
        options: {
          section: frame(),
          heading: heading(t('A shop for things that last', 'Магазин вещей, которые служат долго')),
          content: {
            html: html(
              [
                'Northfold started in 2016 as a market stall in Brooklyn selling linen shirts from a single workshop in Porto.',
                'Today we work with fourteen small makers across Europe and Asia, but the idea is the same: fewer, better things, made by people paid fairly.',
              ],
              [
                'Нортфолд начинался в 2016 году с прилавка на рынке в Бруклине, где продавались льняные рубашки одной мастерской из Порту.',
                'Сегодня мы работаем с четырнадцатью небольшими производителями в Европе и Азии, но идея осталась прежней: меньше вещей, но лучше, и сделанных людьми, которым честно платят.',
              ],
            ),
            image: imageId(PICTURES.workshop),
            alt: t('Our workshop', 'Наша мастерская'),
            imageBorderRadius: 16,
            orderMobile: 'textFirst',
          },
          grid: { desktop: [6, 6], tablet: [6, 6], mobile: [12, 12] },
        },
      },
      itemSection(
        'SectionTextBlockStyle1',
        t('Northfold in numbers', 'Нортфолд в цифрах'),
        columns(3, 3),
        [
          textItem(t('14', '14'), t('partner workshops', 'партнёрских мастерских')),
          textItem(t('60 days', '60 дней'), t('to return anything', 'на возврат любой вещи')),
          textItem(t('3,200+', '3 200+'), t('repairs done so far', 'выполненных ремонтов')),
        ],
        { background: 'dark', align: 'center' },
      ),
      itemSection('SectionTextBlockWithItems', t('What we believe in', 'Во что мы верим'), columns(3, 2), [
        textItem(
          t('Natural materials', 'Натуральные материалы'),
          t(
            'Linen, wool, cotton, leather and clay: materials that age well and can be mended.',
            'Лён, шерсть, хлопок, кожа и глина: материалы, которые красиво стареют и поддаются ремонту.',
          ),
        ),
        textItem(
          t('Small batches', 'Небольшие партии'),
          t(
            'We order little and often, so nothing ends up in landfill.',
            'Заказываем понемногу и часто, чтобы ничего не оказалось на свалке.',
          ),
        ),
        textItem(
          t('Fair pay', 'Честная оплата'),
          t(
            'We visit every workshop and pay what the work is worth.',
            'Мы бываем в каждой мастерской и платим столько, сколько стоит работа.',
          ),
        ),
      ]),
      itemSection('SectionHoverTextWithBackground', t('Where our products come from', 'Откуда наши вещи'), columns(3, 3), [
        textItem(
          t('Porto', 'Порту'),
          t('Linen and Oxford shirts', 'Льняные и оксфордские рубашки'),
          productImageKey('linen-shirt', 'white'),
        ),
        textItem(
          t('Alicante', 'Аликанте'),
          t('Chelsea boots and espadrilles', 'Челси и эспадрильи'),
          productImageKey('leather-chelsea-boots', 'brown'),
        ),
        textItem(
          t('Kaunas', 'Каунас'),
          t('Wool throws and linen for the home', 'Шерстяные пледы и домашний текстиль'),
          productImageKey('merino-wool-throw', 'mustard'),
        ),
      ]),
      itemSection(
        'SectionGallery1',
        t('Gallery', 'Галерея'),
        layout(masonry(3), masonry(2), masonry(1)),
        ['linen-shirt', 'stoneware-mug', 'canvas-sneakers', 'merino-wool-throw', 'field-watch', 'wrap-midi-dress'].map((slug) => ({
          image: productCoverImageId(slug),
          alt: t('Northfold product', 'Товар Нортфолд'),
        })),
        { background: 'light' },
      ),
      enquiryForm(t('Write to us', 'Напишите нам'), t('Hello! I have a question.', 'Здравствуйте! У меня есть вопрос.')),
    ],
  },
  {
    slug: 'delivery-and-payment',
    type: 'page',
    title: DELIVERY,
    metaTitle: t('Delivery and payment | Northfold', 'Доставка и оплата | Нортфолд'),
    metaDescription: t(
      'Shipping options, prices, delivery times and payment methods.',
      'Способы, стоимость и сроки доставки, способы оплаты.',
    ),
    sections: [
      ...pageHead('delivery-and-payment', DELIVERY),
      {
        type: 'SectionTextBlockSimple',
        options: {
          section: frame(),
          content: {
            html: html(
              [
                'We ship across the US, Canada, the UK and Europe, or you can collect your order from our SoHo store or Brooklyn warehouse for free.',
              ],
              [
                'Мы доставляем заказы по США, в Канаду, Великобританию и Европу. Также заказ можно бесплатно забрать в нашем магазине в Сохо или на складе в Бруклине.',
              ],
            ),
          },
        },
      },
      itemSection(
        'SectionPricingPlans',
        t('Shipping in the US', 'Доставка по США'),
        columns(3, 3),
        [
          plan(t('Standard', 'Стандартная'), t('$7.99', '$7.99'), t('3–7 days, free over $100', '3–7 дней, бесплатно от $100'), [
            t('Tracking number', 'Трек-номер'),
            t('Up to 20 kg', 'До 20 кг'),
          ]),
          {
            ...plan(t('Express', 'Экспресс'), t('$19.99', '$19.99'), t('Next working day', 'На следующий рабочий день'), [
              t('Tracking number', 'Трек-номер'),
              t('Up to 10 kg', 'До 10 кг'),
              t('Order before 2 pm', 'При заказе до 14:00'),
            ]),
            highlighted: true,
          },
          {
            ...plan(t('Freight', 'Грузовая'), t('On request', 'По запросу'), t('Heavy and bulky orders', 'Тяжёлые и крупные заказы'), [
              t('Over 20 kg', 'Свыше 20 кг'),
              t('Delivery to the door', 'Доставка до двери'),
            ]),
            button: {
              isShow: true,
              text: t('Get a quote', 'Узнать стоимость'),
              defaultComment: t('Please quote freight delivery for my order.', 'Рассчитайте, пожалуйста, грузовую доставку моего заказа.'),
            },
          },
        ],
        { background: 'light', align: 'center' },
      ),
      itemSection('SectionTextBlockGrid', t('Payment', 'Оплата'), columns(2, 2), [
        textItem(
          t('Bank card online', 'Банковской картой онлайн'),
          t(
            'Visa, Mastercard and American Express through our secure payment partner.',
            'Visa, Mastercard и American Express через защищённый платёжный сервис.',
          ),
        ),
        textItem(
          t('On receipt', 'При получении'),
          t(
            'Cash or card when you collect your order from our SoHo store.',
            'Наличными или картой при получении заказа в магазине в Сохо.',
          ),
        ),
      ]),
      {
        type: 'SectionBanner2',
        options: {
          section: frame('none', 'full'),
          heading: {
            title: t('Free shipping on orders over $100', 'Бесплатная доставка заказов от $100'),
            fontStyleTitle: 'h2',
            align: 'center',
          },
          content: { image: imageId(PICTURES.slideShoes), alt: t('Shoes', 'Обувь') },
          footer: {
            textAlign: 'center',
            button: { isShow: true, text: t('Start shopping', 'За покупками'), link: { type: 'catalog', url: 'new-arrivals' } },
          },
        },
      },
      {
        type: 'SectionFaq',
        options: { section: frame(), heading: heading(t('Delivery questions', 'Вопросы о доставке')) },
        items: SHOPPING_FAQ.slice(0, 2),
      },
    ],
  },
  {
    slug: 'returns',
    type: 'page',
    title: RETURNS,
    metaTitle: t('Returns and exchanges | Northfold', 'Возврат и обмен | Нортфолд'),
    metaDescription: t('Return or exchange anything within 60 days.', 'Вернуть или обменять товар можно в течение 60 дней.'),
    sections: [
      ...pageHead('returns', RETURNS),
      {
        type: 'SectionTextBlockChessGrid',
        options: { section: frame(), heading: heading(t('Three simple steps', 'Три простых шага')) },
        items: [
          textItem(
            t('1. Tell us', '1. Сообщите нам'),
            t('Write to orders@northfold.example with your order number.', 'Напишите на orders@northfold.example и укажите номер заказа.'),
            PICTURES.care,
          ),
          textItem(
            t('2. Send it back', '2. Отправьте товар'),
            t('We email you a prepaid label within a day.', 'В течение дня мы пришлём вам оплаченную транспортную накладную.'),
            PICTURES.workshop,
          ),
          textItem(
            t('3. Get your refund', '3. Получите деньги'),
            t(
              'Refunds reach your card within 5 working days after we receive the parcel.',
              'Деньги вернутся на карту в течение 5 рабочих дней после получения посылки.',
            ),
            PICTURES.bannerGifts,
          ),
        ],
      },
      {
        type: 'SectionTextBlockPictureCenter',
        options: {
          section: frame('light'),
          heading: heading(t('Exchanges', 'Обмен'), undefined, 'center'),
          content: {
            html: html(
              ['Need another size? We send the replacement as soon as your return is on its way.'],
              ['Нужен другой размер? Мы отправим замену, как только ваш возврат будет в пути.'],
            ),
            image: imageId(PICTURES.care),
            alt: t('Folded towels and a wool throw', 'Сложенные полотенца и шерстяной плед'),
          },
        },
      },
      {
        type: 'SectionTextBlockStyle2',
        options: {
          section: frame(),
          content: {
            html: html(['Made-to-measure items cannot be returned.'], ['Изделия, сшитые по индивидуальным меркам, возврату не подлежат.']),
          },
        },
      },
    ],
  },
  {
    slug: 'contacts',
    type: 'page',
    title: CONTACTS,
    metaTitle: t('Contacts | Northfold', 'Контакты | Нортфолд'),
    metaDescription: t('Phone, e-mail, store address and opening hours.', 'Телефон, e-mail, адрес магазина и часы работы.'),
    sections: [
      ...pageHead('contacts', CONTACTS),
      {
        type: 'SectionContacts2',
        options: { section: frame(), heading: heading(t('Get in touch', 'Свяжитесь с нами')), mapUrl: SHOP.mapUrl },
      },
      itemSection(
        'SectionContacts3',
        t('Pick-up points', 'Пункты самовывоза'),
        columns(2, 2),
        [
          textItem(
            t('SoHo store', 'Магазин в Сохо'),
            t(
              '214 Mercer Street, New York. Mon–Sat 10:00–20:00, Sun 11:00–18:00.',
              'Мерсер-стрит, 214, Нью-Йорк. Пн–Сб 10:00–20:00, Вс 11:00–18:00.',
            ),
          ),
          textItem(
            t('Brooklyn warehouse', 'Склад в Бруклине'),
            t('55 Water Street, Brooklyn. Mon–Fri 09:00–18:00.', 'Уотер-стрит, 55, Бруклин. Пн–Пт 09:00–18:00.'),
          ),
        ],
        { background: 'light' },
      ),
      {
        type: 'SectionContactsWithForm',
        options: {
          section: frame(),
          heading: heading(t('Send us a message', 'Напишите нам')),
          form: { type: 'enquiry', button: t('Send', 'Отправить'), defaultComment: t('Hello!', 'Здравствуйте!') },
        },
      },
    ],
  },
  {
    slug: 'faq',
    type: 'page',
    title: FAQ,
    metaTitle: t('Questions and answers | Northfold', 'Вопросы и ответы | Нортфолд'),
    metaDescription: t(
      'Answers about delivery, payment, returns, repairs and discount codes.',
      'Ответы о доставке, оплате, возврате, ремонте и промокодах.',
    ),
    sections: [
      ...pageHead('faq', FAQ),
      {
        type: 'SectionFaq',
        options: {
          section: frame(),
          footer: footerButton(
            t('Ask us', 'Спросить'),
            t('I could not find the answer to my question.', 'Я не нашёл ответа на свой вопрос.'),
            t('Still have a question?', 'Остались вопросы?'),
          ),
        },
        items: SHOPPING_FAQ,
      },
    ],
  },
  {
    slug: 'privacy-policy',
    type: 'page',
    title: PRIVACY,
    metaTitle: t('Privacy policy | Northfold', 'Политика конфиденциальности | Нортфолд'),
    metaDescription: t(
      'How Northfold collects, uses and protects your personal data.',
      'Как Нортфолд собирает, использует и защищает ваши персональные данные.',
    ),
    noindex: true,
    sections: [
      ...pageHead('privacy-policy', PRIVACY),
      textBlock(
        t(
          '<h2>What we collect</h2><p>Your name, contact details and delivery address when you place an order or send an enquiry, and anonymous statistics about how the site is used if you accept cookies.</p>' +
            '<h2>Why we collect it</h2><p>To deliver your orders, answer your questions and, with your consent, improve the shop.</p>' +
            '<h2>How long we keep it</h2><p>Order data is kept for as long as the law requires. You can delete your account at any time in your account settings.</p>' +
            '<h2>Your rights</h2><p>Write to hello@northfold.example to see, correct or erase your data.</p>',
          '<h2>Какие данные мы собираем</h2><p>Ваше имя, контакты и адрес доставки при оформлении заказа или отправке заявки, а также обезличенную статистику посещений сайта, если вы разрешили cookie.</p>' +
            '<h2>Зачем мы их собираем</h2><p>Чтобы доставлять заказы, отвечать на вопросы и, с вашего согласия, улучшать магазин.</p>' +
            '<h2>Как долго мы их храним</h2><p>Данные заказов хранятся столько, сколько требует закон. Удалить аккаунт можно в любой момент в настройках личного кабинета.</p>' +
            '<h2>Ваши права</h2><p>Напишите на hello@northfold.example, чтобы получить, исправить или удалить свои данные.</p>',
        ),
      ),
    ],
  },
];

export function pageRows(): { pages: (typeof pages.$inferInsert)[]; sections: (typeof sections.$inferInsert)[] } {
  return {
    pages: PAGES.map((p) => ({
      id: pageId(p.slug),
      slug: p.slug,
      type: p.type,
      title: p.title,
      metaTitle: p.metaTitle,
      metaDescription: p.metaDescription,
      previewImageId: p.preview ? imageId(p.preview) : null,
      noindex: p.noindex ?? false,
      publishedAt: new Date('2025-01-10T09:00:00Z'),
    })),
    sections: PAGES.flatMap((p) => sectionRows('page', pageId(p.slug), p.sections)),
  };
}
