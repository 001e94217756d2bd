import { z } from 'zod';
import { COUNTRY_CODES } from './countries';
import { DEFAULT_CURRENCY, normalizeCurrency, PRICE_SEPARATORS } from './format-price';
import { isRecord } from './is-record';

/**
 * Shop settings of spec 3.5, one schema per stored group, with every default of spec 3.5 and 9.
 *
 * Parsing is lenient because it reads stored data: a missing or invalid value is replaced by its default and
 * parsing never throws. Keys a group does not declare are dropped, so nothing undeclared that older data holds
 * reaches a reader (GET /config, the back office's forms). Customer-facing texts may be a plain string or
 * `{ en, ru }`; they are localized when served.
 */

export type LocalizedValue = string | { en: string; ru: string };

/** An object whose fields fall back to their defaults; anything that is not an object counts as `{}`; undeclared keys are dropped. */
function lenientObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.preprocess((value) => (isRecord(value) ? value : {}), z.object(shape));
}

const listItems = new WeakMap<z.ZodType, z.ZodType>();

/** The item schema of a settings list (for the back office's generated forms), or undefined for any other schema. */
export const settingsListItem = (schema: z.ZodType): z.ZodType | undefined => listItems.get(schema);

/** A list whose invalid entries are dropped; a single value counts as a list of one. */
function list<T extends z.ZodType>(item: T) {
  const schema = z
    .preprocess((value) => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]), z.array(z.unknown()))
    .transform((entries) =>
      entries.flatMap((entry) => {
        const parsed = item.safeParse(entry);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );
  listItems.set(schema, item);
  return schema;
}

const localizedObject = z
  .object({ en: z.string().optional(), ru: z.string().optional() })
  .refine((v) => v.en !== undefined || v.ru !== undefined)
  .transform((v) => ({ en: v.en ?? '', ru: v.ru ?? '' }));

const text = (fallback: LocalizedValue) =>
  z.union([z.string(), localizedObject]).catch(() => (typeof fallback === 'string' ? fallback : { ...fallback }));
const bilingual = (en: string, ru: string): LocalizedValue => ({ en, ru });
const flag = (fallback: boolean) => z.boolean().catch(fallback);
const string = (fallback: string) => z.string().catch(fallback);
const count = (fallback: number, min = 0, max = 100_000) => z.coerce.number().int().min(min).max(max).catch(fallback);
const choice = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => z.enum(values).catch(fallback);
/**
 * A choice that also reads the names older data stored for its values (`{ 'header-1': 'default' }`);
 * anything else unknown becomes the fallback.
 */
const choiceWithAliases = <const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
  aliases: Record<string, T[number]>,
) =>
  z.preprocess((value) => (typeof value === 'string' && Object.hasOwn(aliases, value) ? aliases[value] : value), choice(values, fallback));
const stringPatterns = new WeakMap<z.ZodType, RegExp>();

/** The pattern a settings string must match (for the back office's strict check of a new value), or undefined. */
export const settingsStringPattern = (schema: z.ZodType): RegExp | undefined => stringPatterns.get(schema);

/** A string matching `pattern` (after trimming); anything else becomes the fallback. */
function patterned(pattern: RegExp, fallback: string) {
  const schema = z.string().trim().regex(pattern);
  stringPatterns.set(schema, pattern);
  return schema.catch(fallback);
}
const strings = () => list(z.string());
/** An image id (spec 3.4: a 36-character string) or a plain uri; null when unset. */
const imageRef = () => z.string().nullable().catch(null);
const perScreen = <T extends z.ZodType>(desktop: T, tablet: T, mobile: T) => lenientObject({ desktop, tablet, mobile });

// ---------------------------------------------------------------- groups

const contactChannelFlags = Object.fromEntries(
  ['phone', 'whatsapp', 'telegram'].flatMap((channel) =>
    ['ShowOnMobileHeader', 'ShowOnMobileMenu', 'ShowOnWidget', 'ShowOnContactHeader'].map((where) => [`${channel}${where}`, flag(true)]),
  ),
) as Record<
  `${'phone' | 'whatsapp' | 'telegram'}${'ShowOnMobileHeader' | 'ShowOnMobileMenu' | 'ShowOnWidget' | 'ShowOnContactHeader'}`,
  z.ZodCatch<z.ZodBoolean>
>;

export const commonSettingsSchema = lenientObject({
  /** 'ecommerce', or an order-taking / services-cart type */
  type: string('ecommerce'),
  sitename: text('Sitename'),
  description: text(''),
  favicon: z.string().min(1).catch('/favicon.ico'),
  sharedImage: imageRef(),
  showAccount: flag(true),
  phones: strings(),
  whatsapps: strings(),
  emails: strings(),
  telegram: string(''),
  address: text(''),
  /**
   * ISO 3166 code of the shop's address country ('US'), '' when unset; lower case reads as upper case. The phone
   * fields of the storefront start from it.
   */
  addressCountry: z
    .preprocess((value) => (typeof value === 'string' ? value.trim().toUpperCase() : value), z.enum(['', ...COUNTRY_CODES]))
    .catch(''),
  mapUrl: string(''),
  workTime: text(''),
  whatsappMessage: text(''),
  modalAgeVerification: lenientObject({
    enabled: flag(false),
    title: text(bilingual('Are you 18 years of age or older?', 'Вам уже исполнилось 18 лет?')),
    text: text(''),
  }),
  modalCookieAccept: lenientObject({
    enabled: flag(false),
    title: text(bilingual('This website uses cookies', 'Этот сайт использует файлы cookie')),
    text: text(''),
    buttonText: text(bilingual('Accept', 'Принять')),
  }),
  ...contactChannelFlags,
  whatsappShowOnWidgetDesktop: flag(true),
});

/** The weights and letter cases a menu look offers; '' keeps the layout's own. */
export const MENU_FONT_WEIGHTS = ['', '300', '400', '500', '600', '700', '800'] as const;
export const MENU_TEXT_TRANSFORMS = ['', 'none', 'uppercase', 'lowercase', 'capitalize'] as const;
/** The paths of the menu looks (colour, hover colour, type size, weight, letter case), by group. */
export const MENU_LOOK_FIELDS = {
  header: ['contactsStyles', 'menuOptions', 'menuSubOptions', 'menuInfoOptions'],
  footer: ['menuOptions', 'menuSubOptions'],
} as const;

/**
 * The look of a menu or of the header contacts: colours ('' the theme's), type size in px (below 8 the layout's, up to
 * 40), weight and letter case ('' the layout's). A weight stored as a number reads as its text.
 */
const menuLookSchema = () =>
  lenientObject({
    color: string(''),
    colorHover: string(''),
    fontSize: count(0, 0, 40),
    fontWeight: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), choice(MENU_FONT_WEIGHTS, '')),
    textTransform: choice(MENU_TEXT_TRANSFORMS, ''),
  });

export const HEADER_TEMPLATES = ['default', 'centered', 'compact'] as const;
export const HEADER_MOBILE_TEMPLATES = ['default', 'centered'] as const;
export const HEADER_CONTACTS_SIZES = ['small', 'medium', 'large'] as const;

export const headerSettingsSchema = lenientObject({
  logo: imageRef(),
  logoMobile: imageRef(),
  /**
   * Desktop header layout: 'default' (logo, menu and tools on one row under the contacts bar),
   * 'centered' (the logo centred with the menu on a row below it), 'compact' (one row: the contacts
   * bar is left out and its phone moves next to the tools). Older 'header-1/2/3' read as these.
   */
  template: choiceWithAliases(HEADER_TEMPLATES, 'default', { 'header-1': 'default', 'header-2': 'centered', 'header-3': 'compact' }),
  /** Phone header layout: 'default' (menu button, logo on the left, tools) or 'centered' (the logo in the middle). */
  mobileTemplate: choiceWithAliases(HEADER_MOBILE_TEMPLATES, 'default', { 'header-1': 'default', 'header-2': 'centered' }),
  /** Type size of the contacts in the header bar: 'small' 12 px, 'medium' 13 px, 'large' 15 px (contactsStyles.fontSize wins). */
  contactsSize: choice(HEADER_CONTACTS_SIZES, 'medium'),
  contactsStyles: menuLookSchema(),
  menuOptions: menuLookSchema(),
  menuSubOptions: menuLookSchema(),
  menuInfoOptions: menuLookSchema(),
  sendEnquiry: lenientObject({
    isShow: flag(false),
    text: text(bilingual('Send Enquiry', 'Оставить заявку')),
  }),
});

export const footerSettingsSchema = lenientObject({
  logo: imageRef(),
  menuColumns: count(4, 1, 12),
  menuOptions: menuLookSchema(),
  menuSubOptions: menuLookSchema(),
  /** The footer's text under the logo; empty: common.description. */
  text: text(''),
  /** The footer's copyright line; empty: '© {year} {sitename}'. */
  copyright: text(''),
});

export const socialsSettingsSchema = lenientObject({
  facebook: string(''),
  instagram: string(''),
  linkedIn: string(''),
  twitter: string(''),
  medium: string(''),
  telegram: string(''),
  tiktok: string(''),
  vk: string(''),
});

export type MetaTemplateKind = 'product' | 'catalog' | 'page' | 'category' | 'article';

/** H1, title and description templates; `{name}` stands for the page, catalog, product or article name. */
const metaTemplate = () =>
  lenientObject({
    h1: text('{name}'),
    title: text('{name}'),
    description: text(''),
  });

export const seoSettingsSchema = lenientObject({
  googleAnalytics: string(''),
  googleTagManager: string(''),
  metaPixel: string(''),
  yandexMetrika: string(''),
  snapchatPixel: string(''),
  googleVerification: string(''),
  yandexVerification: string(''),
  customCode: string(''),
  customStyle: string(''),
  customCodeFooter: string(''),
  callTrackingMango: string(''),
  /** The shop's Twitter (X) account, '@handle' or 'handle' (up to 15 letters, digits or _), for twitter:site; empty: the socials.twitter link's. */
  twitterHandle: patterned(/^(@?\w{1,15})?$/, ''),
  robots: string(''),
  metaTemplates: lenientObject({
    product: metaTemplate(),
    catalog: metaTemplate(),
    page: metaTemplate(),
    category: metaTemplate(),
    article: metaTemplate(),
  }),
});

export const mediaSettingsSchema = lenientObject({
  itemsStyle: lenientObject({
    template: string('default'),
    imageProportions: perScreen(string('16:9'), string('16:9'), string('16:9')),
    borderRadius: count(16, 0, 1000),
    textAlign: choice(['left', 'center', 'right'], 'left'),
    showAuthor: flag(true),
    showDate: flag(true),
    showTags: flag(true),
  }),
  itemsLayout: perScreen(
    lenientObject({ listColumn: count(3, 1, 12), listAlign: string('flex-start'), gap: count(32, 0, 500) }),
    lenientObject({ listColumn: count(2, 1, 12), listAlign: string('flex-start'), gap: count(32, 0, 500) }),
    lenientObject({ listColumn: count(1, 1, 12), listAlign: string('flex-start'), gap: count(20, 0, 500) }),
  ),
  itemsPerPage: count(12, 1, 100),
  pageStyle: lenientObject({
    showAuthor: flag(true),
    showComments: flag(true),
    showDate: flag(true),
    showTableOfContent: flag(true),
  }),
});

/** Consent checkbox of the lead form or the checkout, with optional extra checkboxes (spec 2.7, 5). */
const policySchema = () =>
  lenientObject({
    show: flag(false),
    enabledByDefault: flag(false),
    text: text(''),
    additionalCheckboxes: list(
      z.object({
        text: text(''),
        isShown: flag(true),
        isRequired: flag(false),
      }),
    ),
  });

const previewSize = (size: number) => lenientObject({ width: count(size, 1, 5000), height: count(size, 1, 5000) });

export const PRODUCT_TEMPLATES = ['default', 'galleryRight', 'galleryTop'] as const;
export const LISTING_TEMPLATES = ['default', 'list'] as const;
export const ITEM_PREVIEW_SIZES = ['1x1', '3x4', '4x3', 'custom'] as const;
export const FILTER_TEMPLATES = ['style-h-1', 'style-v-1'] as const;
export const PAGE_NAVIGATION_TYPES = ['pagination', 'loadMore'] as const;
export const RELATED_POSITIONS = ['bottom', 'side'] as const;
export const PRODUCT_DETAILS_TEMPLATES = ['default', 'details', 'tabs'] as const;
export const LIST_DETAILS_TEMPLATES = ['default', 'properties', 'details'] as const;

export const ecommerceSettingsSchema = lenientObject({
  /** one of RUB, AED, USD, EUR ('$' and '€' read as USD and EUR) */
  currency: z.string().transform(normalizeCurrency).catch(DEFAULT_CURRENCY),
  /** Product page layout: 'default' (gallery left, buy box right), 'galleryRight', or 'galleryTop' (gallery above the buy box). */
  template: choice(PRODUCT_TEMPLATES, 'default'),
  /** Catalog product cards: 'default' (a grid of cards) or 'list' (one product per row, picture beside the text). */
  templateListing: choice(LISTING_TEMPLATES, 'default'),
  itemPerPage: count(12, 1, 100),
  imageCrop: flag(true),
  imageCropMode: string('outbound'),
  previewSizeInListing: string('600x600'),
  previewCustomSizeInListing: previewSize(600),
  /** Product page picture proportions (width x height): '1x1', '3x4', '4x3', or 'custom' (previewCustomSizeInItem). */
  previewSizeInItem: choice(ITEM_PREVIEW_SIZES, '1x1'),
  previewCustomSizeInItem: previewSize(1000),
  defaultColumns: perScreen(count(4, 1, 12), count(2, 1, 12), count(2, 1, 12)),
  filter: lenientObject({
    enabled: flag(true),
    /** 'style-h-1': the filters in a bar above the products; 'style-v-1': in a sidebar beside them (on wide screens). */
    template: choice(FILTER_TEMPLATES, 'style-h-1'),
  }),
  /**
   * 'pagination': numbered page links; 'loadMore': one "Load more" link (btnLoadMore text) to the next
   * page, which a small script turns into appending the next page's cards.
   */
  pageNavigationType: choiceWithAliases(PAGE_NAVIGATION_TYPES, 'pagination', {
    'load-more': 'loadMore',
    loadmore: 'loadMore',
    pages: 'pagination',
  }),
  btnLoadMore: lenientObject({ text: text(bilingual('Load more', 'Показать ещё')) }),
  shippingPolicy: text(''),
  refundPolicy: text(''),
  skuIsShow: flag(false),
  showPriceForOutOfStock: flag(true),
  showSortingInCatalog: flag(true),
  showRelatedProducts: flag(true),
  relatedItemsTitle: text(bilingual('Related products', 'Похожие товары')),
  /** Related products on the product page: 'bottom' (a row below the product) or 'side' (a column beside the details on wide screens). */
  productWidgetRelatedPosition: choiceWithAliases(RELATED_POSITIONS, 'bottom', { right: 'side', left: 'side', sidebar: 'side' }),
  leadsPopupTitle: text(''),
  leadsPopupPolicy: policySchema(),
  checkoutPolicy: policySchema(),
  showCheckoutReceiver: flag(false),
  fastOrder: lenientObject({
    isShow: flag(false),
    type: string('enquiry'),
    text: text(bilingual('Send Enquiry', 'Оставить заявку')),
  }),
  enquiryModalCustomField: lenientObject({
    name: text(''),
    isNoEmpty: flag(false),
  }),
  enquiryModalCustomFieldIsRequired: flag(false),
  checkoutFormMessage: text(''),
  checkoutOrderMessage: text(''),
  productReviewsEnabled: flag(true),
  showQuantity: z.union([z.boolean(), z.string()]).catch('always'),
  showPriceFrom: flag(false),
  priceFormatSeparator: choice(PRICE_SEPARATORS, 'none'),
  /** minutes an unpaid online order keeps its stock before the stock returns to the shop (1 minute to 30 days) */
  unpaidReservationMinutes: count(30, 1, 43_200),
  /** the largest quantity one order line may ask for */
  maxLineQuantity: count(100, 1, 9999),
  /**
   * hours an order paid on receipt (cash and other offline methods) keeps its stock until the manager confirms it by
   * moving it on; then the stock returns to the shop (1 hour to 30 days; the deadline is set when the order is placed)
   */
  unconfirmedReservationHours: count(48, 1, 720),
  /** the largest share (percent) of a variation's stock one order paid on receipt may take… */
  unconfirmedOrderStockPercent: count(50, 1, 100),
  /** …though always this many items (so the last few can be bought) */
  unconfirmedOrderStockFloor: count(5, 1, 9999),
  /** the most items one phone or e-mail may hold in orders paid on receipt that are not confirmed yet */
  maxUnconfirmedItemsPerContact: count(30, 1, 100_000),
  /** days after an order's (last) shipment during which the customer may open a return from their order page (0: never) */
  returnWindowDays: count(14, 0, 365),
  /**
   * The IANA time zone (`Europe/Moscow`) whose calendar days the sales reports count in; UTC by default. A zone the
   * database does not know leaves the reports in the zone they were in.
   */
  reportTimeZone: patterned(/^(UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2})$/, 'UTC'),
  productDetails: lenientObject({
    /** Product cards of lists: 'default' (no details), 'properties' (the properties listed in the card), 'details' (them in a collapsible <details>). */
    templateInProductList: choice(LIST_DETAILS_TEMPLATES, 'default'),
    /** The product page's description and properties: 'default' (shown plainly), 'details' (collapsible <details>), 'tabs' (one tab each). */
    templateInProductCard: choice(PRODUCT_DETAILS_TEMPLATES, 'default'),
  }),
});

export const languageSettingsSchema = lenientObject({
  current: choice(['en', 'ru'], 'en'),
});

export const FONTS = [
  'Anton',
  'Open Sans',
  'Oxygen',
  'Oswald',
  'Petrona',
  'PT Sans',
  'Ubuntu',
  'Unbounded',
  'Manrope',
  'Marmelad',
  'Montserrat',
  'Roboto',
  'Barlow Semi Condensed',
  'Fira Sans',
  'Poppins',
] as const;
/** The theme fonts without Cyrillic letters: a Russian page shows those letters in a fallback font. */
export const FONTS_WITHOUT_CYRILLIC: readonly (typeof FONTS)[number][] = ['Anton', 'Barlow Semi Condensed', 'Oxygen', 'Petrona', 'Poppins'];
export const fontHasCyrillic = (family: string) => !(FONTS_WITHOUT_CYRILLIC as readonly string[]).includes(family);

/** The theme palette's colours (styles.colors), each a CSS custom property of the storefront. */
export const THEME_COLORS = [
  'primary',
  'accent',
  'text',
  'textMuted',
  'background',
  'backgroundLight',
  'backgroundMiddle',
  'backgroundDark',
  'sale',
] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];

const fontSizes = (desktop: number, tablet: number, mobile: number) =>
  perScreen(count(desktop, 6, 200), count(tablet, 6, 200), count(mobile, 6, 200));

/** Theme variables (spec 9 theme defaults). */
export const stylesSettingsSchema = lenientObject({
  content_width: count(1170, 320, 4000),
  fontFamilyBody: string('Montserrat'),
  fontFamilyHeading: string('Montserrat'),
  fontSize: lenientObject({
    body: fontSizes(16, 16, 14),
    h1: fontSizes(39, 39, 26),
    h2: fontSizes(31, 31, 24),
    h3: fontSizes(24, 24, 20),
    h4: fontSizes(20, 20, 18),
  }),
  borderRadius: lenientObject({
    block: count(16, 0, 1000),
    button: count(8, 0, 1000),
    input: count(8, 0, 1000),
  }),
  colors: z.record(z.string(), z.string()).catch(() => ({})),
});

/** Colour themes: CSS variable overrides on <html data-theme>, under the palette of styles.colors. */
export const THEMES = ['default', 'dark', 'contrast'] as const;

export const themesSettingsSchema = lenientObject({
  /** 'default' (the palette of styles.colors), 'dark' (light text on dark backgrounds), 'contrast' (black on white, strong lines). */
  current: choice(THEMES, 'default'),
  /** The fonts the shop offers and loads; a styles font outside it falls back to the first of them. */
  fonts: list(z.enum(FONTS)).transform((fonts) => (fonts.length > 0 ? fonts : [...FONTS])),
});

export const paymentCashOnDeliverySettingsSchema = lenientObject({
  enabled: flag(true),
  title: text(bilingual('Cash on delivery', 'Оплата при получении')),
  description: text(''),
});

const percent = (fallback: number) => z.coerce.number().min(0).max(100).catch(fallback);
/** A tax area: a country (`DE`) or a region of it (`US-CA`), as shipping zones name them. */
export const TAX_AREA_PATTERN = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;

/**
 * Taxes (src/lib/tax.ts): off for a new shop. The standard and reduced percents apply everywhere but the areas listed
 * with their own; zero-rated and exempt products are never taxed.
 */
export const taxesSettingsSchema = lenientObject({
  enabled: flag(false),
  /** prices are entered with the tax in them (VAT); otherwise the tax is added at checkout (sales tax) */
  pricesIncludeTax: flag(false),
  taxDelivery: flag(true),
  standardRate: percent(0),
  reducedRate: percent(0),
  areas: list(lenientObject({ area: patterned(TAX_AREA_PATTERN, ''), standard: percent(0), reduced: percent(0) })),
});

/** A mail address as the sender field accepts it (one address, no display name). */
export const MAIL_ADDRESS_PATTERN = /^(?:[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+)?$/;

/**
 * The shop's e-mail sender: the name and address every mail comes from ('' keeps the shop's name and the server's
 * MAIL_FROM address); replies go to the shop's first contact e-mail.
 */
export const mailSettingsSchema = lenientObject({
  senderName: string(''),
  senderEmail: patterned(MAIL_ADDRESS_PATTERN, ''),
});

export const shopSettingsSchema = z.object({
  common: commonSettingsSchema,
  header: headerSettingsSchema,
  footer: footerSettingsSchema,
  socials: socialsSettingsSchema,
  seo: seoSettingsSchema,
  media: mediaSettingsSchema,
  ecommerce: ecommerceSettingsSchema,
  language: languageSettingsSchema,
  styles: stylesSettingsSchema,
  themes: themesSettingsSchema,
  paymentCashOnDelivery: paymentCashOnDeliverySettingsSchema,
  taxes: taxesSettingsSchema,
  mail: mailSettingsSchema,
});

export type ShopSettings = z.output<typeof shopSettingsSchema>;

/**
 * Settings that put script or unsanitised markup on the storefront: only staff with the `edit_code` capability
 * (the owner) may change them. Custom code and style go into every page as written; an analytics, tag-manager or
 * call-tracking id makes every page load that provider's script for that account, which its holder controls.
 */
export const SETTINGS_CODE_FIELDS: { readonly [G in SettingsGroup]?: readonly (keyof ShopSettings[G] & string)[] } = {
  seo: [
    'customCode',
    'customStyle',
    'customCodeFooter',
    'googleAnalytics',
    'googleTagManager',
    'metaPixel',
    'yandexMetrika',
    'snapchatPixel',
    'callTrackingMango',
  ],
};

/**
 * Settings that change who the shop's mail claims to come from: only staff with the `shop_setup` capability (the
 * owner) may change them.
 */
export const SETTINGS_SETUP_FIELDS: { readonly [G in SettingsGroup]?: readonly (keyof ShopSettings[G] & string)[] } = {
  mail: ['senderName', 'senderEmail'],
};

/**
 * Settings shown as HTML on the storefront: cleaned as rich text is, when written and again when read. A path's
 * `*` stands for every entry of a list; a value is a string or `{ en, ru }`.
 */
export const SETTINGS_RICH_TEXT_FIELDS: { readonly [G in SettingsGroup]?: readonly string[] } = {
  ecommerce: [
    'shippingPolicy',
    'refundPolicy',
    'leadsPopupPolicy.text',
    'leadsPopupPolicy.additionalCheckboxes.*.text',
    'checkoutPolicy.text',
    'checkoutPolicy.additionalCheckboxes.*.text',
  ],
};

/** `value` with every rich-text field of `group` passed through `clean` (each language of a bilingual text). */
export function mapSettingsRichText<T>(group: SettingsGroup, value: T, clean: (html: string) => string): T {
  const paths = SETTINGS_RICH_TEXT_FIELDS[group];
  if (!paths || !isRecord(value)) return value;
  const cleanText = (text: unknown): unknown =>
    typeof text === 'string'
      ? clean(text)
      : isRecord(text)
        ? Object.fromEntries(Object.entries(text).map(([lang, entry]) => [lang, typeof entry === 'string' ? clean(entry) : entry]))
        : text;
  const at = (node: unknown, keys: readonly string[]): unknown => {
    if (keys.length === 0) return cleanText(node);
    const [key, ...rest] = keys as [string, ...string[]];
    if (key === '*') return Array.isArray(node) ? node.map((entry) => at(entry, rest)) : node;
    if (!isRecord(node) || !Object.hasOwn(node, key)) return node;
    return { ...node, [key]: at(node[key], rest) };
  };
  return paths.reduce<unknown>((node, path) => at(node, path.split('.')), value) as T;
}

export type SettingsGroup = keyof ShopSettings;
export const SETTINGS_GROUPS = Object.keys(shopSettingsSchema.shape) as SettingsGroup[];

/** Settings from the stored groups (`{ group: value }`), merged over the defaults. Never throws. */
export function parseSettings(rawGroups: Record<string, unknown> | null | undefined): ShopSettings {
  const source = isRecord(rawGroups) ? rawGroups : {};
  return shopSettingsSchema.parse(Object.fromEntries(SETTINGS_GROUPS.map((group) => [group, source[group]])));
}

export const DEFAULT_SETTINGS: ShopSettings = parseSettings({});

/** Fills a meta template: every `{name}` becomes the given name. */
export function fillMetaTemplate(template: string, name: string): string {
  return template.replaceAll('{name}', name).trim();
}
