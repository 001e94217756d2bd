/**
 * Payloads and answers of the API calls (spec 7). Inputs and the answers declared in the contract
 * (src/contract/storefront) come from there: the routes validate with the same schemas. Answers still built as
 * TypeScript types by the server modules (products, listings, pages, articles, orders) are re-exported from there.
 * Everything is type-only, so nothing of the server or of zod reaches the browser.
 */
import type { OrderDto } from '../../server/api/commerce/order-dto';

export type { ApiErrorBody, FormErrors } from '../../server/api/core/errors';
export type { SectionDto } from '../../server/api/shared/sections';
export type { OptionDto, ProductDto, VariationDto } from '../../server/api/catalog/product-dto';
export type { ProductDetailDto } from '../../server/api/catalog/queries';
export type { CatalogPageDto, ListingData, OptionFacet, ProductListSectionDto } from '../../server/api/catalog/catalog-listing';
export type { CartDto, CartItemDto } from '../../server/api/commerce/cart';
export type { OrderDto, OrderItemDto } from '../../server/api/commerce/order-dto';
export type { ArticleDto } from '../../server/api/content/articles';
export type { PageDto } from '../../server/api/content/pages';

export type { ImageDto, PendingModerationDto, SuccessDto } from '../../contract/storefront/common';
export type {
  CatalogFilterInput,
  CatalogPageParams,
  CountDto,
  FacetFilterInput,
  FacetSelection,
  ReviewBody as ReviewInput,
  ReviewDto,
  SearchDto,
  SearchResultDto,
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
export type {
  ArticleListDto,
  ArticleSummary,
  CategoryRef,
  CommentDto,
  CommentInput,
  ConfigImage,
  GroupedArticlesDto,
  MenuItemDto,
  MenusDto,
  RedirectDto,
  ShopConfigDto,
  TagDto,
} from '../../contract/storefront/content';
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
