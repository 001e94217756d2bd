import { JSDOM } from 'jsdom';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { CartDrawer } from '../../src/islands/cart/CartDrawer';
import type { MoneyFormat } from '../../src/islands/shop/money';
import { emptyCartState } from '../../src/lib/cart';
import { $cart } from '../../src/stores/cart';
import { productDto, variationDto } from '../unit/fixtures/products';

const money: MoneyFormat = { currency: 'USD', separator: 'comma' };
const text = (root: ParentNode, selector: string) => root.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;

const shirt = productDto('shirt', {
  title: 'Linen shirt',
  variations: [variationDto('shirt-m', { fullPrice: 40, discountPrice: 30, stock: 5 })],
});
const tee = productDto('tee', { title: 'Cotton tee', variations: [variationDto('tee-s', { fullPrice: 15 })] });

function render(props: { siteType?: string; added?: boolean; addedVariation?: string } = {}) {
  const element = createElement(CartDrawer, {
    lang: 'en',
    siteType: props.siteType ?? 'ecommerce',
    money,
    close: () => {},
    added: props.added
      ? {
          ...(props.addedVariation ? { variationId: props.addedVariation } : {}),
          title: 'Linen shirt',
          href: '/products/shirt?variation=shirt-m',
          image: null,
          optionsText: '',
          price: 30,
          fullPrice: 40,
          quantity: 1,
        }
      : undefined,
  });
  return new JSDOM(`<body>${renderToString(element)}</body>`).window.document.body;
}

describe('the cart drawer', () => {
  afterEach(() => $cart.set(emptyCartState()));

  it('lists the lines with steppers and remove buttons, the subtotal, one main Checkout button and the view-cart link', () => {
    $cart.set({
      ...emptyCartState(),
      list: [
        { variationId: 'shirt-m', quantity: 2, product: shirt },
        { variationId: 'tee-s', quantity: 1, product: tee },
      ],
    });
    const drawer = render();
    expect(text(drawer, 'h2')).toBe('Cart');
    const lines = [...drawer.querySelectorAll('.cart-drawer__line')];
    expect(lines.map((line) => line.getAttribute('data-variation-id'))).toEqual(['shirt-m', 'tee-s']);
    expect(lines[0]!.querySelector('input')?.getAttribute('aria-label')).toBe('Quantity: Linen shirt');
    expect((lines[0]!.querySelector('input') as HTMLInputElement).value).toBe('2');
    expect(lines[0]!.querySelector('button[aria-label="Increase quantity"]')).not.toBeNull();
    expect(lines[0]!.querySelector('button[aria-label="Remove Linen shirt"]')).not.toBeNull();
    expect(text(lines[0]!, '[data-testid=drawer-line-total]')).toBe('$60');
    expect(text(drawer, '[data-testid=drawer-subtotal]')).toBe('$75');
    // one main button: Checkout; the view-cart link and the back button are secondary
    const main = drawer.querySelectorAll('.button--accent, .button:not(.button--outline):not(.button--link)');
    expect([...main].map((button) => button.textContent)).toEqual(['Check out']);
    expect(main[0]!.getAttribute('href')).toBe('/checkout');
    expect(drawer.querySelector('.cart-drawer__actions a.button--outline')?.getAttribute('href')).toBe('/cart');
    expect(text(drawer, '.cart-drawer__actions button')).toBe('Continue shopping');
  });

  it('shows the item just added above the lines, and the order wording of an order-taking shop', () => {
    $cart.set({ ...emptyCartState(), list: [{ variationId: 'shirt-m', quantity: 1, product: shirt }] });
    const drawer = render({ added: true, siteType: 'services' });
    expect(text(drawer, 'h2')).toBe('Added to the order');
    expect(text(drawer, '.added-to-cart__title')).toBe('Linen shirt');
    expect(text(drawer, '.added-to-cart__quantity')).toBe('Quantity: 1');
    expect(text(drawer, '.cart-drawer__actions a.button--outline')).toBe('Go to the order');
  });

  it('shows the item just added once: its own line highlighted, not repeated above the lines', () => {
    $cart.set({
      ...emptyCartState(),
      list: [
        { variationId: 'tee-s', quantity: 1, product: tee },
        { variationId: 'shirt-m', quantity: 3, product: shirt },
      ],
    });
    const drawer = render({ added: true, addedVariation: 'shirt-m' });
    expect(text(drawer, 'h2')).toBe('Added to the cart');
    expect(drawer.querySelector('.added-to-cart')).toBeNull();
    expect([...drawer.querySelectorAll('a')].filter((link) => link.textContent === 'Linen shirt')).toHaveLength(1);
    const highlighted = [...drawer.querySelectorAll('.cart-drawer__line--added')];
    expect(highlighted.map((line) => line.getAttribute('data-variation-id'))).toEqual(['shirt-m']);
    expect(text(highlighted[0]!, '[role=status]')).toBe('Just added: 1');
  });

  it('says the cart is empty and offers no checkout then', () => {
    const drawer = render();
    expect(text(drawer, '.cart-drawer__empty')).toBe('Your cart is empty');
    expect(drawer.querySelector('a[href="/checkout"]')).toBeNull();
    expect(drawer.querySelector('a[href="/cart"]')).not.toBeNull();
  });
});
