/**
 * Payloads and answers of the API calls (spec 7), all from the contract (src/contract/storefront) the routes
 * validate with and the server's answer builders are typed by. Everything is type-only, so nothing of the server
 * or of zod reaches the browser.
 */
export type { ImageDto, PendingModerationDto, SectionDto, SuccessDto } from '../../contract/storefront/common';
export type {
  CatalogFilterInput,
  CatalogPageDto,
  CatalogPageParams,
  CountDto,
  FacetFilterInput,
  ListingData,
  OptionDto,
  ProductDetailDto,
  ProductDto,
  ProductListSectionDto,
  ReviewBody as ReviewInput,
  ReviewDto,
  SearchDto,
  VariationDto,
} from '../../contract/storefront/catalog';
export type {
  BackInStockDto,
  BackInStockInput,
  BackInStockLinkDto,
  BackInStockLinkInput,
  CartDto,
  CartItemDto,
  CartLineInput,
  CreatedDto,
  DiscountCheckDto,
  DiscountCheckInput,
  LeadInput,
  OrderDto,
  OrderStateDto,
  PaymentInitDto,
  PaymentInitInput,
  CustomerReturnInput,
  PaymentMethodsDto,
  PickupLocationDto,
  PlacedOrderDto,
  PlaceOrderInput,
  ShippingRateDto,
  ShippingZoneDto,
  WishlistDto,
} from '../../contract/storefront/commerce';
export type { RecoveryRestoreDto, RecoveryUpdateDto, RecoveryUpdateInput, UnsubscribeDto } from '../../contract/storefront/recovery';
export type {
  ArticleDto,
  ArticleListDto,
  ArticleSummary,
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
