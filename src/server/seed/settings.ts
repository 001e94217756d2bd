import type { settings } from '../db/schema';
import { PICTURES, SHOP } from './brand';
import { imageId } from './ids';
import { richText, t } from './text';

type SettingsRow = typeof settings.$inferInsert;

const policyCheckbox = (text: ReturnType<typeof t>, isRequired: boolean) => ({ text, isShown: true, isRequired });

const privacyLink = () =>
  richText(
    t(
      'I agree to the <a href="/privacy-policy">privacy policy</a>',
      'Я соглашаюсь с <a href="/privacy-policy">политикой конфиденциальности</a>',
    ),
  );

/** Display flags of a contact channel (spec 2.8): mobile header, mobile menu, floating widget, header contacts. */
const showChannel = (prefix: string, mobileHeader: boolean) => ({
  [`${prefix}ShowOnMobileHeader`]: mobileHeader,
  [`${prefix}ShowOnMobileMenu`]: true,
  [`${prefix}ShowOnWidget`]: true,
  [`${prefix}ShowOnContactHeader`]: true,
});

const common = {
  type: 'ecommerce',
  sitename: SHOP.name,
  description: SHOP.tagline,
  favicon: '/favicon.ico',
  sharedImage: imageId(PICTURES.slideClothing),
  showAccount: true,
  phones: SHOP.phones,
  whatsapps: [SHOP.whatsapp],
  emails: SHOP.emails,
  telegram: SHOP.telegram,
  address: SHOP.address,
  addressCountry: 'US',
  mapUrl: SHOP.mapUrl,
  workTime: SHOP.workTime,
  whatsappMessage: t('Hello! I have a question about your shop.', 'Здравствуйте! У меня вопрос о вашем магазине.'),
  modalAgeVerification: {
    enabled: false,
    title: t('Are you 18 years of age or older?', 'Вам уже исполнилось 18 лет?'),
    text: t('Some products in this shop are for adults only.', 'Некоторые товары магазина предназначены только для взрослых.'),
  },
  modalCookieAccept: {
    enabled: true,
    title: t('This website uses cookies', 'Этот сайт использует файлы cookie'),
    text: t(
      'We use cookies to remember your cart and, with your consent, to understand how the shop is used.',
      'Мы используем cookie, чтобы запоминать вашу корзину и, с вашего согласия, понимать, как используется магазин.',
    ),
    buttonText: t('Accept', 'Принять'),
  },
  ...showChannel('phone', true),
  ...showChannel('whatsapp', false),
  whatsappShowOnWidgetDesktop: true,
  ...showChannel('telegram', false),
};

const menuStyle = (fontSize: number) => ({ fontSize, fontWeight: 500, color: '#1f1d1a', colorHover: SHOP.accent, textTransform: 'none' });

const header = {
  logo: imageId(PICTURES.logo),
  logoMobile: imageId(PICTURES.logoMobile),
  template: 'header-1',
  mobileTemplate: 'mobile-header-1',
  contactsSize: 'medium',
  contactsStyles: { color: '#1f1d1a', fontSize: 14 },
  menuOptions: menuStyle(16),
  menuSubOptions: menuStyle(14),
  menuInfoOptions: menuStyle(13),
  sendEnquiry: { isShow: true, text: t('Send enquiry', 'Отправить запрос') },
};

const footer = {
  logo: imageId(PICTURES.logo),
  menuColumns: 4,
  menuOptions: menuStyle(16),
  menuSubOptions: menuStyle(14),
  text: t('Considered clothing, shoes and homeware since 2016.', 'Продуманная одежда, обувь и товары для дома с 2016 года.'),
  copyright: t('© Northfold. All rights reserved.', '© Нортфолд. Все права защищены.'),
};

const socials = { linkedIn: '', medium: '', tiktok: '', ...SHOP.socials };

/** `{name}` stands for the product, catalog, page, category or article name. */
const metaTemplate = (h1: string, title: [string, string], description: [string, string]) => ({
  h1: t(h1, h1),
  title: t(...title),
  description: t(...description),
});

const seo = {
  googleAnalytics: '',
  googleTagManager: '',
  metaPixel: '',
  yandexMetrika: '',
  snapchatPixel: '',
  googleVerification: '',
  yandexVerification: '',
  customCode: '',
  customStyle: '',
  customCodeFooter: '',
  callTrackingMango: '',
  twitterHandle: '@northfold',
  robots: 'User-agent: *\nDisallow: /cart\nDisallow: /checkout\nDisallow: /account\nDisallow: /payment\nAllow: /\n',
  metaTemplates: {
    product: metaTemplate(
      '{name}',
      ['{name}: buy online at Northfold', '{name}: купить онлайн в Нортфолд'],
      [
        '{name} at Northfold. Free shipping over $100 and 60-day returns.',
        '{name} в Нортфолд. Бесплатная доставка от $100 и возврат в течение 60 дней.',
      ],
    ),
    catalog: metaTemplate(
      '{name}',
      ['{name} | Northfold', '{name} | Нортфолд'],
      ['Shop {name} at Northfold: small-batch pieces made to last.', '{name} в Нортфолд: вещи небольших партий, которые служат долго.'],
    ),
    page: metaTemplate(
      '{name}',
      ['{name} | Northfold', '{name} | Нортфолд'],
      ['{name}: everything you need to know about shopping at Northfold.', '{name}: всё, что нужно знать о покупках в Нортфолд.'],
    ),
    category: metaTemplate(
      '{name}',
      ['{name} | Northfold', '{name} | Нортфолд'],
      ['Stories from the Northfold {name}.', 'Истории из раздела «{name}» магазина Нортфолд.'],
    ),
    article: metaTemplate(
      '{name}',
      ['{name} | Northfold Journal', '{name} | Журнал Нортфолд'],
      ['{name}. Read it in the Northfold Journal.', '{name}. Читайте в журнале Нортфолд.'],
    ),
  },
};

const media = {
  itemsStyle: {
    template: 'card',
    imageProportions: { desktop: '3x2', tablet: '3x2', mobile: '4x3' },
    borderRadius: 16,
    textAlign: 'left',
    showAuthor: true,
    showDate: true,
    showTags: true,
  },
  itemsLayout: {
    desktop: { listColumn: 3, listAlign: 'flex-start', gap: 32 },
    tablet: { listColumn: 2, listAlign: 'flex-start', gap: 32 },
    mobile: { listColumn: 1, listAlign: 'flex-start', gap: 20 },
  },
  itemsPerPage: 12,
  pageStyle: { showAuthor: true, showComments: true, showDate: true, showTableOfContent: true },
};

/** Built on demand: its rich texts go through the sanitizer. */
const ecommerce = () => ({
  currency: 'USD',
  template: 'default',
  templateListing: 'default',
  itemPerPage: 12,
  imageCrop: true,
  imageCropMode: 'outbound',
  previewSizeInListing: '600x600',
  previewCustomSizeInListing: { width: 600, height: 600 },
  previewSizeInItem: '1x1',
  previewCustomSizeInItem: { width: 1000, height: 1000 },
  defaultColumns: { desktop: 4, tablet: 2, mobile: 2 },
  filter: { enabled: true, template: 'style-h-1' },
  pageNavigationType: 'pagination',
  btnLoadMore: { text: t('Show more', 'Показать ещё') },
  shippingPolicy: richText(
    t(
      '<p>Free standard shipping in the US on orders over $100. See <a href="/delivery-and-payment">delivery and payment</a>.</p>',
      '<p>Бесплатная стандартная доставка по США для заказов от $100. Подробнее в разделе <a href="/delivery-and-payment">«Доставка и оплата»</a>.</p>',
    ),
  ),
  refundPolicy: richText(
    t(
      '<p>Return anything unworn within 60 days. See <a href="/returns">returns and exchanges</a>.</p>',
      '<p>Неношеную вещь можно вернуть в течение 60 дней. Подробнее в разделе <a href="/returns">«Возврат и обмен»</a>.</p>',
    ),
  ),
  skuIsShow: true,
  showPriceForOutOfStock: true,
  showSortingInCatalog: true,
  showRelatedProducts: true,
  relatedItemsTitle: t('You may also like', 'Вам может понравиться'),
  productWidgetRelatedPosition: 'bottom',
  leadsPopupTitle: t('Send an enquiry', 'Оставить заявку'),
  leadsPopupPolicy: {
    show: true,
    enabledByDefault: false,
    text: privacyLink(),
    additionalCheckboxes: [policyCheckbox(t('Send me news and offers by e-mail', 'Присылать мне новости и предложения по e-mail'), false)],
  },
  checkoutPolicy: {
    show: true,
    enabledByDefault: true,
    text: privacyLink(),
    additionalCheckboxes: [
      policyCheckbox(
        richText(
          t(
            'I accept the <a href="/delivery-and-payment">delivery terms</a>',
            'Я принимаю <a href="/delivery-and-payment">условия доставки</a>',
          ),
        ),
        true,
      ),
      policyCheckbox(t('Send me news and offers by e-mail', 'Присылать мне новости и предложения по e-mail'), false),
    ],
  },
  showCheckoutReceiver: true,
  fastOrder: { isShow: true, type: 'enquiry', text: t('Send Enquiry', 'Отправить запрос') },
  enquiryModalCustomField: { name: t('Preferred time to call', 'Удобное время для звонка'), isNoEmpty: false },
  enquiryModalCustomFieldIsRequired: false,
  checkoutFormMessage: t(
    'We will call you to confirm the order within an hour during opening times.',
    'Мы позвоним вам для подтверждения заказа в течение часа в рабочее время.',
  ),
  checkoutOrderMessage: t(
    'Thank you for your order! A confirmation is on its way to your e-mail.',
    'Спасибо за заказ! Подтверждение отправлено на вашу почту.',
  ),
  productReviewsEnabled: true,
  showQuantity: 'always',
  showPriceFrom: false,
  priceFormatSeparator: 'comma',
  productDetails: { templateInProductList: 'default', templateInProductCard: 'details' },
});

const language = { current: 'en' };

/** Theme defaults of spec 9; font sizes per screen. */
const sizes = (desktop: number, tablet: number, mobile: number) => ({ desktop, tablet, mobile });
const styles = {
  content_width: 1170,
  fontFamilyBody: 'Montserrat',
  fontFamilyHeading: 'Montserrat',
  fontSize: {
    body: sizes(16, 16, 14),
    h1: sizes(39, 39, 26),
    h2: sizes(31, 31, 24),
    h3: sizes(24, 24, 20),
    h4: sizes(20, 20, 18),
  },
  borderRadius: { block: 16, button: 8, input: 8 },
  colors: {
    primary: SHOP.colour,
    accent: SHOP.accent,
    text: '#1f1d1a',
    textMuted: '#6b665f',
    background: '#ffffff',
    backgroundLight: '#f8f5f0',
    backgroundMiddle: '#ece6dc',
    backgroundDark: '#1f2a24',
    sale: '#c0392b',
  },
};

const themes = { current: 'default', fonts: ['Montserrat', 'Manrope', 'Roboto', 'PT Sans'] };

const paymentCashOnDelivery = {
  enabled: true,
  title: t('Cash or card on receipt', 'Наличными или картой при получении'),
  // offered with shipping too (to the courier): the words fit every delivery
  description: t(
    'Pay in cash or by card when your order is handed to you, by the courier or at the pick-up point.',
    'Оплатите наличными или картой, когда получите заказ: курьеру или в пункте выдачи.',
  ),
};

/** Taxes off, as in a new shop: the demo's totals are its prices (the owner turns taxes on in Settings → Taxes). */
const taxes = { enabled: false, pricesIncludeTax: false, taxDelivery: true, standardRate: 0, reducedRate: 0, areas: [] };

export const settingsRows = (): SettingsRow[] =>
  Object.entries({
    common,
    header,
    footer,
    socials,
    seo,
    media,
    ecommerce: ecommerce(),
    language,
    styles,
    themes,
    paymentCashOnDelivery,
    taxes,
  }).map(([group, value]) => ({ group, value }));
