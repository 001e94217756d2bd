/**
 * Quick add from a product card, loaded on the first tap (card.ts): the product comes from the API, then its
 * only variation goes straight to the cart, or a small dialog offers its options, price and picture, with
 * Add to cart and a link to the full page. Adding shows the usual add-to-cart modal (add-to-cart.ts).
 */
import type { OptionDto, ProductDto, VariationDto } from '../../lib/api-client';
import { previewImage, selectionForVariation, variationForOptions, type OptionSelection } from '../../lib/variation';
import { addVariationToCart, productHref } from './add-to-cart';
import { escapeHtml, priceHtml, productImageHtml, valueTitle } from './buy-box-markup';
import { canBuy, optionValueState } from './product-view';
import { sliceTranslator } from './product-texts';
import type { QuickAddContext } from './quick-add-context';
import './quick-add.css';

const IMAGE_SIZE = 320;

async function loadProduct(context: QuickAddContext): Promise<ProductDto | null> {
  try {
    const response = await fetch(`/api/products/${encodeURIComponent(context.slug)}`, {
      headers: { accept: 'application/json', 'x-shop-language': context.lang },
    });
    return response.ok ? ((await response.json()) as ProductDto) : null;
  } catch {
    return null;
  }
}

/** The variation the picker starts from: the default one when it can be bought, else the first that can. */
export function startingVariation(product: Pick<ProductDto, 'variations'>): VariationDto | null {
  const standard = product.variations.find((v) => v.default);
  return canBuy(standard ?? null) ? standard! : (product.variations.find(canBuy) ?? null);
}

/** Opens the dialog (or adds the one variation); resolves once the shopper sees the outcome. */
export async function openQuickAdd(context: QuickAddContext, variationId: string | null, opener: HTMLElement): Promise<void> {
  const t = sliceTranslator(context.texts, context.lang);
  const product = await loadProduct(context);
  if (!product) {
    window.alert(t('quickAddFailed'));
    return;
  }
  const add = (variation: VariationDto) =>
    addVariationToCart({ product, variation, quantity: 1, lang: context.lang, siteType: context.siteType, money: context.money });
  const only = variationId ? product.variations.find((v) => v.id === variationId) : null;
  if (only && canBuy(only)) {
    add(only);
    return;
  }

  let variation = startingVariation(product);
  let selection: OptionSelection = variation ? selectionForVariation(product, variation) : {};
  const dialog = document.createElement('dialog');
  dialog.className = 'quick-add';
  dialog.setAttribute('aria-label', t('quickAddTitle', { title: product.title }));
  const optionHtml = (option: OptionDto) => `
    <fieldset class="quick-add__option" data-option-id="${escapeHtml(option.id)}">
      <legend class="quick-add__legend">${escapeHtml(option.title)}</legend>
      <div class="quick-add__values">${option.values
        .map(
          (
            value,
          ) => `<label class="quick-add__value"${option.view === 'color' && value.value ? ` style="--swatch:${escapeHtml(value.value)}"` : ''}>
            <input type="radio" name="quick-add-${escapeHtml(option.id)}" value="${escapeHtml(value.id)}">
            ${option.view === 'color' ? '<span class="quick-add__dot" aria-hidden="true"></span>' : ''}<span>${escapeHtml(valueTitle(option, value.title))}</span>
          </label>`,
        )
        .join('')}</div>
    </fieldset>`;
  dialog.innerHTML = `
    <div class="quick-add__media"></div>
    <div class="quick-add__body">
      <h2 class="quick-add__title">${escapeHtml(product.title)}</h2>
      <div class="quick-add__price"></div>
      ${product.options.map(optionHtml).join('')}
      <p class="quick-add__notice" role="status"></p>
      <button type="button" class="quick-add__add">${escapeHtml(t('addToCart'))}</button>
      <a class="quick-add__details" href="">${escapeHtml(t('quickAddDetails'))}</a>
    </div>
    <button type="button" class="quick-add__close" aria-label="${escapeHtml(t('lightboxClose'))}">×</button>`;

  const render = () => {
    const image = previewImage(product, variation);
    dialog.querySelector('.quick-add__media')!.innerHTML = productImageHtml(image, IMAGE_SIZE, IMAGE_SIZE, image?.alt || product.title);
    const shown = variation ?? product.variations[0];
    dialog.querySelector('.quick-add__price')!.innerHTML = shown
      ? priceHtml({ price: shown.price, fullPrice: shown.fullPrice, from: false, money: context.money, t })
      : '';
    for (const option of product.options) {
      dialog.querySelectorAll<HTMLInputElement>(`[data-option-id="${CSS.escape(option.id)}"] input`).forEach((input) => {
        const state = optionValueState(product, selection, option.id, input.value);
        input.checked = selection[option.id] === input.value;
        input.closest('label')!.className = `quick-add__value is-${state}`;
      });
    }
    const buyable = canBuy(variation);
    const button = dialog.querySelector<HTMLButtonElement>('.quick-add__add')!;
    button.disabled = !buyable;
    const notice = !variation ? t('notAvailable') : buyable ? '' : t('outOfStock');
    dialog.querySelector('.quick-add__notice')!.textContent = notice;
    dialog.querySelector<HTMLAnchorElement>('.quick-add__details')!.href = variation
      ? productHref(product, variation.id)
      : `/products/${encodeURIComponent(product.slug)}`;
  };

  dialog.addEventListener('change', (event) => {
    const input = event.target as HTMLInputElement;
    const optionId = input.closest<HTMLElement>('[data-option-id]')?.dataset['optionId'];
    if (!optionId) return;
    selection = { ...selection, [optionId]: input.value };
    variation = variationForOptions(product, selection);
    render();
  });
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('.quick-add__close') || target === dialog) dialog.close();
    else if (target.closest('.quick-add__add') && canBuy(variation)) {
      const chosen = variation;
      dialog.close();
      add(chosen);
    }
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    if (document.activeElement === document.body) opener.focus();
  });
  render();
  document.body.append(dialog);
  dialog.showModal();
}
