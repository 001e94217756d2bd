/**
 * Payloads and answers of the API calls (spec 7). Inputs and the answers declared in the contract
 * (src/contract/storefront) come from there: the routes validate with the same schemas. Answers still built as
 * TypeScript types by the server modules (products, listings, pages, articles, orders) are re-exported from there.
 * Everything is type-only, so nothing of the server or of zod reaches the browser.
 */
import type { ArticleSummary, CategoryRef } from '../../server/api/content/article-data';
import type { MenuItemDto } from '../../server/api/content/menus';
import type { OrderDto } from '../../server/api/commerce/order-dto';

export type { ApiErrorBody, FormErrors } from '../../server/api/core/errors';
export type { SectionDto } from '../../server/api/shared/sections';
export type { OptionDto, ProductDto, VariationDto } from '../../server/api/catalog/product-dto';
export type { ProductDetailDto } from '../../server/api/catalog/queries';
export type { CatalogPageDto, ListingData, ProductListSectionDto } from '../../server/api/catalog/catalog-listing';
export type { SearchDto, SearchResultDto } from '../../server/api/catalog/search';
export type { CartDto, CartItemDto } from '../../server/api/commerce/cart';
export type { OrderDto, OrderItemDto } from '../../server/api/commerce/order-dto';
export type { ArticleSummary, CategoryRef, TagDto } from '../../server/api/content/article-data';
export type { ArticleDto, CommentDto } from '../../server/api/content/articles';
export type { PageDto } from '../../server/api/content/pages';
export type { MenuItemDto } from '../../server/api/content/menus';

export type { ImageDto, PendingModerationDto, SuccessDto } from '../../contract/storefront/common';
export type {
  CatalogFilterInput,
  CatalogPageParams,
  CountDto,
  FacetFilterInput,
  FacetSelection,
  ReviewBody as ReviewInput,
  ReviewDto,
  SortCriterion,
} from '../../contract/storefront/catalog';
export type {
  CartLineInput,
  CreatedDto,
  DeliveryInput,
  DiscountCheckDto,
  DiscountCheckInput,
  LeadInput,
  OrderLineInput,
  OrderStateDto,
  PaymentInitDto,
  PaymentInitInput,
  PaymentMethodsDto,
  PickupLocationDto,
  PlaceOrderInput,
  ShippingRateDto,
  ShippingZoneDto,
} from '../../contract/storefront/commerce';
export type { CommentInput, ConfigImage, RedirectDto, ShopConfigDto } from '../../contract/storefront/content';
export type {
  LoginInput,
  ProfileChangeInput,
  ProfileDto,
  RegistrationInput,
  SignedInDto,
  UserChangeInput,
  UserDto,
  UserReviewDto,
} from '../../contract/storefront/users';

/** The placed order and the secret that lets a guest read and pay it later. */
export type PlacedOrderDto = OrderDto & { secretToken: string };

export type ArticleListDto = { items: ArticleSummary[]; total: number };
export type GroupedArticlesDto = { category: CategoryRef; items: ArticleSummary[] }[];

/** Menus keyed by name (info, main, footer); unknown names are left out. */
export type MenusDto = Record<string, MenuItemDto[]>;
