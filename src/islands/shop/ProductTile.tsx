import type { ProductDto } from '../../lib/api-client';
import type { Language } from '../../lib/localize';
import type { MoneyFormat } from './money';
import { Price } from './Price';
import { ProductImage } from './ProductImage';
import { shopTexts } from './texts';

const TILE_IMAGE = 300;

/** A product suggestion in an island (the server-rendered lists use the sections' product card). */
export function ProductTile({ product, money, lang }: { product: ProductDto; money: MoneyFormat; lang: Language }) {
  return (
    <article className="product-tile">
      <ProductImage image={product.imagePreview} width={TILE_IMAGE} height={TILE_IMAGE} alt="" className="product-tile__image" />
      <h3 className="product-tile__title">
        <a href={`/products/${encodeURIComponent(product.slug)}`}>{product.title}</a>
      </h3>
      <Price price={product.price} fullPrice={product.priceFull} money={money} t={shopTexts(lang)} />
    </article>
  );
}
