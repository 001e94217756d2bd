/**
 * Payloads and answers of the API calls (spec 7). Answers the server modules export are re-exported
 * from there (type-only, so nothing of the server reaches the browser); the rest mirror the route code.
 */
import type { SortCriterion } from '../../server/api/catalog/schemas';
import type { OrderDto } from '../../server/api/commerce/order-dto';
import type { ArticleSummary, CategoryRef } from '../../server/api/content/article-data';
import type { ImageDto } from '../../server/api/shared/images';
import type { MenuItemDto } from '../../server/api/content/menus';
import type { Language, Localized } from '../localize';
import type { ShopSettings } from '../settings';

export type { ApiErrorBody, FormErrors } from '../../server/api/core/errors';
export type { ImageDto } from '../../server/api/shared/images';
export type { SectionDto } from '../../server/api/shared/sections';
export type { OptionDto, ProductDto, VariationDto } from '../../server/api/catalog/product-dto';
export type { ProductDetailDto, ReviewDto } from '../../server/api/catalog/queries';
export type { CatalogPageDto, ListingData, OptionFacet, ProductListSectionDto } from '../../server/api/catalog/catalog-listing';
export type { FacetSelection, SortCriterion } from '../../server/api/catalog/schemas';
export type { SearchDto, SearchResultDto } from '../../server/api/catalog/search';
export type { CartItemDto } from '../../server/api/commerce/cart';
export type { OrderDto, OrderItemDto } from '../../server/api/commerce/order-dto';
export type { ProfileDto } from '../../server/api/users/profile-routes';

// ---------------------------------------------------------------- catalog

export type ReviewInput = { product: string; name: string; email?: string | null; rating: number; text: string };
/** A review or comment was stored and waits for moderation; `message` thanks the author. */
export type PendingModerationDto = { success: true; status: 'pending'; id: string; message: string };

/** Selected values per property or option title, as a map or as the listing's own facet list. */
export type FacetFilterInput = Record<string, readonly string[]> | readonly { title: string; values: readonly string[] }[];

export type CatalogFilterInput = {
  minPrice?: number | null;
  maxPrice?: number | null;
  properties?: FacetFilterInput;
  options?: FacetFilterInput;
};

export type CatalogPageParams = {
  /** 1-based */
  page?: number;
  sort?: SortCriterion;
  filter?: CatalogFilterInput;
};

// ---------------------------------------------------------------- cart and orders

export type CartLineInput = { id?: string | null; variationId: string; quantity: number };
export type OrderLineInput = { variationId: string; quantity: number };

export type ContactInput = { name: string; lastName?: string | null; phone: string };

export type DeliveryInput =
  | { method: 'pickup'; locationId: string }
  | {
      method: 'shipping';
      zoneId: string;
      rateId: string;
      address: { country: string; region?: string | null; locality: string; street: string; postalCode?: string | null };
    };

export type PlaceOrderInput = {
  items: OrderLineInput[];
  discountCodeId?: string | null;
  customer: ContactInput & { email?: string | null };
  receiver?: ContactInput | null;
  delivery: DeliveryInput;
  paymentMethod: string;
  comment?: string | null;
  agreement: true;
};

/** The placed order and the secret that lets a guest read and pay it later. */
export type PlacedOrderDto = OrderDto & { secretToken: string };

export type DiscountCheckInput = { code: string; items: OrderLineInput[] };
export type DiscountCheckDto = { id: string; code: string; price: number; totalPrice: number };

export type OrderStateDto = { code: string; title: string; color: string | null };

export type ShippingRateDto = {
  id: string;
  title: string;
  kind: string;
  price: number;
  minOrderAmount: number | null;
  maxOrderAmount: number | null;
  minWeight: number | null;
  maxWeight: number | null;
  speed: string | null;
};
/** `countries` holds country codes (`US`) and regions (`US-CA`); `regionNames` names each region entry in the request's language. */
export type ShippingZoneDto = { id: string; title: string; countries: string[]; regionNames: Record<string, string>; rates: ShippingRateDto[] };
export type PickupLocationDto = { id: string; code: string; title: string; address: string; workTime: string };

/** Payment methods keyed by method code. */
export type PaymentMethodsDto = Record<string, { methodName?: string; kind?: string; description?: string }>;

export type PaymentInitInput = { order: number | string; token?: string };
export type PaymentInitDto = { url: string };

// ---------------------------------------------------------------- users

export type SignedInDto = { success: true; token: string; data: { id: string; email: string } };
export type LoginInput = { username: string; password: string };
export type RegistrationInput = { email: string; password: string; profile: { firstName: string; lastName: string } };
export type UserDto = { id: string; email: string; createdAt: string };
/** A new email and/or password, confirmed with the current password. */
export type UserChangeInput = { email?: string; password?: string; currentPassword: string };
export type AddressInput = Partial<Record<'country' | 'region' | 'locality' | 'street' | 'postalCode', string | null>>;
export type ProfileChangeInput = {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  birthDate?: string | null;
  address?: AddressInput | null;
};

export type SuccessDto = { success: boolean };
export type CreatedDto = { success: true; id: string };

// ---------------------------------------------------------------- leads
export type LeadInput = {
  type: 'enquiry';
  /** product id, when the enquiry is about a product */
  product?: string | null;
  /** the chosen variation of that product */
  variation?: string | null;
  name: string;
  phone: string;
  email?: string | null;
  text?: string | null;
};

// ---------------------------------------------------------------- content
export type { ArticleSummary, CategoryRef, TagDto } from '../../server/api/content/article-data';
export type { ArticleDto, CommentDto } from '../../server/api/content/articles';
export type { PageDto } from '../../server/api/content/pages';
export type { MenuItemDto } from '../../server/api/content/menus';

/** An image setting as served: the image when the setting holds an image id, a plain uri as it is, or null. */
export type ConfigImage = ImageDto | string | null;
type LocalizedSettings = Localized<ShopSettings>;
/** T with the fields of U replaced (unlike Omit, keeps the named fields of types with an index signature). */
type Replace<T, U> = { [K in keyof T as K extends keyof U ? never : K]: T[K] } & U;

/** GET /config: the shop settings in the request's language, with logo, favicon and shared image resolved. */
export type ShopConfigDto = Replace<
  LocalizedSettings,
  {
    common: Replace<LocalizedSettings['common'], { favicon: ImageDto | string; sharedImage: ConfigImage }>;
    header: Replace<LocalizedSettings['header'], { logo: ConfigImage; logoMobile: ConfigImage }>;
    footer: Replace<LocalizedSettings['footer'], { logo: ConfigImage }>;
    languages: readonly Language[];
  }
>;

export type ArticleListDto = { items: ArticleSummary[]; total: number };
export type GroupedArticlesDto = { category: CategoryRef; items: ArticleSummary[] }[];
export type CommentInput = { article: string; name: string; email?: string | null; text: string; parentId?: string | null };

/** Menus keyed by name (info, main, footer); unknown names are left out. */
export type MenusDto = Record<string, MenuItemDto[]>;

export type RedirectDto = { from: string; to: string };
