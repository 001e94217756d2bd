import { useEffect, useMemo, useState } from 'react';
import type { ProductDto, ShopConfigDto } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format-price';
import type { Language } from '../../../lib/localize';
import { shopApi } from '../../../stores/user';
import { LeadEnquiry } from '../../forms/LeadEnquiry';
import { INVALID_PRODUCT_ID, leadProductId, leadSettings, leadTitle, optionsText, summaryPrice } from '../../forms/lead-form';
import { useShopConfig } from '../../forms/shop-config';
import { formTexts, pageLanguage } from '../../forms/texts';
import { ProductImage } from '../../shop/ProductImage';
import type { ModalContentProps } from '../ModalRoot';

/**
 * Lead (enquiry) modal of spec 2.7: `details.title`, `details.comment` (the caller's default comment),
 * `details.productId` and optionally `details.variationId` for the product summary.
 */
export default function LeadForm({ details, close }: ModalContentProps) {
  const lang = pageLanguage();
  const config = useShopConfig(lang);
  if (config === undefined) return <div className="modal__loading" aria-busy="true" />;
  return <LeadFormContent details={details} config={config} lang={lang} close={close} />;
}

type ContentProps = ModalContentProps & { config: ShopConfigDto | null; lang: Language };

function LeadFormContent({ details, config, lang, close }: ContentProps) {
  const t = formTexts(lang);
  const settings = useMemo(() => leadSettings(config?.ecommerce), [config]);
  const product = leadProductId(details.productId);
  const sentProduct = typeof details.productId === 'string' ? details.productId.trim() : undefined;
  const variation = typeof details.variationId === 'string' && details.variationId ? details.variationId : undefined;
  const title = leadTitle(details.title, config?.ecommerce.leadsPopupTitle, t('leadTitle'));
  const header = (
    <>
      <h2 className="form__title">{title}</h2>
      {product === INVALID_PRODUCT_ID ? (
        <p className="form-message form-message--error" role="alert">
          {INVALID_PRODUCT_ID}
        </p>
      ) : (
        product && <ProductSummary productId={product} variationId={variation} config={config} lang={lang} />
      )}
    </>
  );
  return (
    <LeadEnquiry
      lang={lang}
      settings={settings}
      shop={config?.common}
      comment={typeof details.comment === 'string' ? details.comment : ''}
      product={sentProduct}
      variation={variation}
      header={header}
      onClose={close}
    />
  );
}

function ProductSummary({
  productId,
  variationId,
  config,
  lang,
}: {
  productId: string;
  variationId: unknown;
  config: ShopConfigDto | null;
  lang: Language;
}) {
  const t = formTexts(lang);
  const [product, setProduct] = useState<ProductDto | null>(null);
  useEffect(() => {
    let live = true;
    void shopApi()
      .getProduct(productId)
      .then((result) => live && setProduct(result.data));
    return () => {
      live = false;
    };
  }, [productId]);
  if (!product) return null;
  const variation = typeof variationId === 'string' ? variationId : null;
  const chosen = variation ? product.variations.find((v) => v.id === variation) : undefined;
  const { price } = summaryPrice(product, variation);
  const options = optionsText(product, variation);
  const money = { currency: config?.ecommerce.currency, separator: config?.ecommerce.priceFormatSeparator };
  return (
    <div className="lead-product" data-lead-product={product.id}>
      <ProductImage
        image={chosen?.image ?? product.imagePreview}
        width={64}
        height={64}
        alt={product.title}
        className="lead-product__image"
      />
      <div className="lead-product__text">
        <strong className="lead-product__title">{product.title}</strong>
        {options && <span className="lead-product__options">{options}</span>}
        <span className="lead-product__price">
          {price > 0 ? `${config?.ecommerce.showPriceFrom ? `${t('from')} ` : ''}${formatPrice(price, money)}` : t('priceOnRequest')}
        </span>
      </div>
    </div>
  );
}
