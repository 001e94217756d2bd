import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { ProductDto } from '../../lib/api-client';
import type { Language } from '../../lib/localize';
import { addToCart } from '../../stores/cart';
import { $user } from '../../stores/user';
import { $wishlist, loadWishlist, toggleWishlist } from '../../stores/wishlist';
import { canBuy } from '../product/product-view';
import { formatMoney, type MoneyFormat } from '../shop/money';
import { ProductImage } from '../shop/ProductImage';
import { AccountGate, LoadState } from './AccountGate';
import { accountTexts } from './texts';

type Props = { lang: Language; money: MoneyFormat };

/** /account/wishlist: the products the shopper keeps, with their prices and stock now, to remove or buy. */
export default function WishlistList(props: Props) {
  return (
    <AccountGate lang={props.lang}>
      <Wishlist {...props} />
    </AccountGate>
  );
}

/** The variation a tap adds: a product of one variation only; with several, the shopper chooses on its page. */
const onlyVariation = (product: ProductDto) => (product.variations.length === 1 ? product.variations[0]! : null);

function Wishlist({ lang, money }: Props) {
  const t = accountTexts(lang);
  const user = useStore($user);
  const ids = useStore($wishlist).ids;
  const [items, setItems] = useState<ProductDto[]>([]);
  const [added, setAdded] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'failed' | 'ready'>('loading');
  const load = useCallback(async () => {
    setState('loading');
    const answer = await loadWishlist();
    if (answer) setItems(answer.items);
    setState(answer ? 'ready' : 'failed');
  }, []);
  useEffect(() => {
    void load();
  }, [load, user?.id]);

  if (state !== 'ready') return <LoadState lang={lang} state={state} onRetry={() => void load()} />;
  // removed here or by a heart elsewhere: gone from the list at once
  const shown = items.filter((product) => ids.includes(product.id));
  if (shown.length === 0) {
    return (
      <div className="account-empty">
        <p>{t('wishlistEmpty')}</p>
        <a className="form-button form-button--primary" href="/">
          {t('toShop')}
        </a>
      </div>
    );
  }
  return (
    <ul className="account-wishlist" data-wishlist>
      {shown.map((product) => {
        const variation = onlyVariation(product);
        const buyable = variation !== null && canBuy(variation);
        const price = variation?.price ?? product.price;
        const fullPrice = variation?.fullPrice ?? product.priceFull;
        return (
          <li key={product.id} className="account-card account-wishlist__item" data-wishlist-item={product.slug}>
            <a className="account-wishlist__picture" href={`/products/${encodeURIComponent(product.slug)}`} tabIndex={-1}>
              <ProductImage image={product.imagePreview} width={96} height={96} alt="" />
            </a>
            <div className="account-wishlist__text">
              <a className="account-wishlist__title" href={`/products/${encodeURIComponent(product.slug)}`}>
                {product.title}
              </a>
              <p className="account-wishlist__price">
                {price > 0 && <strong>{formatMoney(price, money)}</strong>}
                {price > 0 && fullPrice > price && <del className="account-muted">{formatMoney(fullPrice, money)}</del>}
              </p>
              <p className={product.inStock ? 'account-wishlist__stock--in' : 'account-muted'} data-wishlist-stock>
                {product.inStock ? t('wishlistInStock') : t('wishlistOutOfStock')}
              </p>
            </div>
            <div className="account-wishlist__actions">
              {buyable ? (
                <button
                  type="button"
                  className="form-button form-button--primary"
                  onClick={() => {
                    if (addToCart(product, variation.id, 1).ok) setAdded(product.id);
                  }}
                >
                  {added === product.id ? t('wishlistAdded') : t('wishlistAddToCart')}
                </button>
              ) : (
                product.inStock && (
                  <a className="form-button form-button--primary" href={`/products/${encodeURIComponent(product.slug)}`}>
                    {t('wishlistChoose')}
                  </a>
                )
              )}
              <button
                type="button"
                className="form-button form-button--secondary"
                aria-label={t('wishlistRemoveLabel', { title: product.title })}
                onClick={() => void toggleWishlist(product.id)}
              >
                {t('wishlistRemove')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
