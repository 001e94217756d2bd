/**
 * Payloads and answers of the API calls (spec 7), all from the contract (src/contract/storefront) the routes
 * validate with and the server's answer builders are typed by. Everything is type-only, so nothing of the server
 * or of zod reaches the browser.
 */
export type { ApiErrorBody, FormErrors } from '../../server/api/core/errors';

export type { ImageDto, PendingModerationDto, SectionDto, SuccessDto } from '../../contract/storefront/common';
export type {
  CatalogFilterInput,
  CatalogPageDto,
  CatalogPageParams,
  CountDto,
  FacetFilterInput,
  FacetSelection,
  ListingData,
  OptionDto,
  OptionFacet,
  ProductDetailDto,
  ProductDto,
  ProductListSectionDto,
  ReviewBody as ReviewInput,
  ReviewDto,
  SearchDto,
  SearchResultDto,
  SortCriterion,
  VariationDto,
} from '../../contract/storefront/catalog';
export type {
  CartDto,
  CartItemDto,
  CartLineInput,
  CreatedDto,
  DeliveryInput,
  DiscountCheckDto,
  DiscountCheckInput,
  LeadInput,
  OrderDto,
  OrderItemDto,
  OrderLineInput,
  OrderStateDto,
  PaymentInitDto,
  PaymentInitInput,
  PaymentMethodsDto,
  PickupLocationDto,
  PlacedOrderDto,
  PlaceOrderInput,
  ShippingRateDto,
  ShippingZoneDto,
} from '../../contract/storefront/commerce';
export type {
  ArticleDto,
  ArticleListDto,
  ArticleSummary,
  CategoryRef,
  CommentDto,
  CommentInput,
  ConfigImage,
  GroupedArticlesDto,
  MenuItemDto,
  MenusDto,
  PageDto,
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
