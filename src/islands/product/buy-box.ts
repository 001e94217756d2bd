/**
 * The buy box's behaviour in the browser, without a framework (the markup is rendered by the server,
 * components/product/ProductBuyBox.astro): choosing the variation by its options or by a picture, the
 * `variation` query parameter kept in step, price, stock, SKU, delivery estimate and actions following the
 * choice, the quantity stepper, add to cart (the add-to-cart modal, whose React loads then), the count
 * already in the cart and the phone's sticky bar once the main button has scrolled away.
 */
import type { ImageDto, OptionDto, ProductDto } from '../../lib/api-client';
import { analyticsItem } from '../../lib/analytics';
import type { Language } from '../../lib/localize';
import {
  INCORRECT_VARIATION_MESSAGE,
  previewImage,
  selectionForVariation,
  variationForImage,
  variationForOptions,
} from '../../lib/variation';
import { track } from '../../stores/analytics';
import { $cart, startCartSync } from '../../stores/cart';
import { $user, shopApi } from '../../stores/user';
import type { MoneyFormat } from '../shop/money';
import { addVariationToCart } from './add-to-cart';
import {
  actionsHtml,
  buyBoxView,
  deliveryHtml,
  inCartHtml,
  MAX_LINE_QUANTITY,
  fastOrderHidden,
  metaHtml,
  missingNotice,
  priceBlockHtml,
  productImageHtml,
  stickyBarHtml,
  valueNote,
  valueTitle,
  type BuyBoxView,
} from './buy-box-markup';
import { sliceTranslator, type ShopTextSlice } from './product-texts';
import {
  galleryImages,
  galleryOrder,
  lightboxSlide,
  MAIN_IMAGE_WIDTH,
  optionValueState,
  withVariationParam,
  type BuyBoxSettings,
  type DeliveryZone,
} from './product-view';

/** What the server hands the script (a JSON script element `[data-buy-box-data]` inside the buy box). */
export type BuyBoxData = {
  product: ProductDto;
  initialVariationId: string | null;
  lang: Language;
  /** the texts it shows, in `lang` (BUY_BOX_TEXT_KEYS) */
  texts: ShopTextSlice;
  money: MoneyFormat;
  settings: BuyBoxSettings;
  delivery: DeliveryZone | null;
};

type ValueState = ReturnType<typeof optionValueState>;

/** Marks a buy box whose script runs (tests wait for it before typing). */
export const READY_ATTRIBUTE = 'data-buy-box-ready';

/** How far below the window the sticky bar's observer looks (longer than any product page). */
const STICKY_BAR_REACH_BELOW = 1_000_000;

function enhance(root: HTMLElement): void {
  const source = root.querySelector('script[data-buy-box-data]');
  if (!source?.textContent) return;
  const { product, initialVariationId, lang, texts, money, settings, delivery } = JSON.parse(source.textContent) as BuyBoxData;
  const t = sliceTranslator(texts, lang);
  const images = galleryImages(product);
  const mainImage = settings.mainImage ?? { width: MAIN_IMAGE_WIDTH, height: MAIN_IMAGE_WIDTH };
  const buy = root.querySelector<HTMLElement>('.product-buy')!;
  const actions = root.querySelector<HTMLElement>('.product-buy__actions')!;

  let variation = product.variations.find((v) => v.id === initialVariationId) ?? null;
  let shownImageId: string | null = null;
  let quantity = 1;
  let pastActions = false;
  let view: BuyBoxView = buyBoxView(product, variation, settings, delivery);
  let shownMainId: string | null = previewImage(product, variation)?.id ?? null;

  const selection = () => (variation ? selectionForVariation(product, variation) : {});

  // ------------------------------------------------------------ rendering

  /** The product's video, played in place of the main picture; its markup kept to restore it when the shopper leaves it. */
  const videoStage = root.querySelector<HTMLElement>('[data-gallery-stage]');
  const videoMarkup = videoStage?.innerHTML ?? '';
  const showVideo = (thumb: HTMLElement) => {
    if (!videoStage?.hidden) return;
    videoStage.hidden = false;
    root.querySelector<HTMLElement>('.product-gallery__open')?.setAttribute('hidden', '');
    root.querySelectorAll<HTMLButtonElement>('.product-gallery__thumb').forEach((other) => {
      other.setAttribute('aria-pressed', String(other === thumb));
    });
    // the section video's script starts the player on its play link, within this click (so it may play with sound)
    videoStage.querySelector<HTMLElement>('[data-video-play]')?.click();
  };
  const hideVideo = () => {
    if (!videoStage || videoStage.hidden) return;
    videoStage.hidden = true;
    videoStage.innerHTML = videoMarkup;
    root.querySelector<HTMLElement>('.product-gallery__open')?.removeAttribute('hidden');
  };

  const renderGallery = () => {
    hideVideo();
    const shown = images.find((image) => image.id === shownImageId) ?? previewImage(product, variation);
    if ((shown?.id ?? null) !== shownMainId) {
      shownMainId = shown?.id ?? null;
      const main = root.querySelector('.product-gallery__picture');
      if (main) main.innerHTML = productImageHtml(shown, mainImage.width, mainImage.height, shown?.alt || product.title, true);
    }
    root.querySelectorAll<HTMLButtonElement>('.product-gallery__thumb').forEach((thumb) => {
      thumb.setAttribute('aria-pressed', String(thumb.dataset['imageId'] === shown?.id));
    });
  };

  const renderOptions = () => {
    const chosenIds = selection();
    root.querySelectorAll<HTMLElement>('[data-option-id]').forEach((element) => {
      const option = product.options.find((o) => o.id === element.dataset['optionId']);
      if (!option) return;
      const chosen = option.values.find((value) => value.id === chosenIds[option.id]);
      const state = (valueId: string) => optionValueState(product, chosenIds, option.id, valueId);
      if (element instanceof HTMLSelectElement) renderSelect(element, option, chosen?.id, state);
      else renderRadios(element, option, chosen, state);
    });
  };

  const renderSelect = (select: HTMLSelectElement, option: OptionDto, chosenId: string | undefined, state: (id: string) => ValueState) => {
    const placeholder = select.querySelector<HTMLOptionElement>('option[value=""]');
    if (chosenId && placeholder) placeholder.remove();
    if (!chosenId && !placeholder) select.prepend(new Option(t('chooseOption', { option: option.title }), ''));
    for (const element of select.options) {
      const value = option.values.find((v) => v.id === element.value);
      if (value)
        element.textContent = `${valueTitle(option, value.title)}${state(value.id) === 'out-of-stock' ? ` · ${t('outOfStock')}` : ''}`;
    }
    select.value = chosenId ?? '';
  };

  const renderRadios = (
    group: HTMLElement,
    option: OptionDto,
    chosen: OptionDto['values'][number] | undefined,
    state: (id: string) => ValueState,
  ) => {
    const legend = group.querySelector('legend');
    let chosenText = legend?.querySelector('.product-option__chosen');
    if (chosen && legend) {
      if (!chosenText) {
        chosenText = document.createElement('span');
        chosenText.className = 'product-option__chosen';
        legend.append(chosenText);
      }
      chosenText.textContent = `: ${valueTitle(option, chosen.title)}`;
    } else chosenText?.remove();
    const swatches = group.querySelector('.product-option__swatches') !== null;
    group.querySelectorAll<HTMLInputElement>('input.option-radio').forEach((input) => {
      const value = option.values.find((v) => v.id === input.value);
      const label = input.closest('label');
      if (!value || !label) return;
      const valueState = state(value.id);
      const note = valueNote(valueState, t);
      const title = `${valueTitle(option, value.title)}${note ? ` · ${note}` : ''}`;
      input.checked = value.id === chosen?.id;
      if (valueState === 'missing') input.setAttribute('aria-disabled', 'true');
      else input.removeAttribute('aria-disabled');
      label.className = `${swatches ? 'swatch' : 'option-button'} is-${valueState}`;
      label.title = title;
      // the label's text after its radio: the title said (swatches) or shown, with the note said
      while (input.nextSibling) input.nextSibling.remove();
      const hidden = (text: string) => Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: text });
      if (swatches) label.append(hidden(title));
      else {
        label.append(valueTitle(option, value.title));
        if (note) label.append(hidden(` · ${note}`));
      }
    });
  };

  const renderDelivery = () => {
    buy.querySelector('.product-buy__delivery')?.remove();
    buy.insertAdjacentHTML('beforeend', deliveryHtml(view.estimate, delivery, money, t));
  };

  const renderActions = (previous: BuyBoxView | null) => {
    const signUpShown = actions.querySelector('[data-back-in-stock]') !== null;
    const signUpWanted = view.actions === 'soldOut' && view.variation !== null && !view.stock.inStock;
    if (!previous || previous.actions !== view.actions || signUpShown !== signUpWanted)
      actions.innerHTML = actionsHtml(product, view, settings, quantity, t);
    else if (view.actions === 'request') {
      const enquiry = actions.querySelector<HTMLElement>('[data-lead-form]');
      if (enquiry && view.variation) enquiry.dataset['variationId'] = view.variation.id;
    } else {
      // another sold-out variation: its own sign-up, without the last one's answer
      const status = actions.querySelector('.product-buy__notify-status');
      if (status) status.textContent = '';
    }
    renderBackInStock();
    const fastOrder = buy.querySelector<HTMLElement>('.product-buy__fast-order');
    if (fastOrder) {
      fastOrder.hidden = fastOrderHidden(view);
      if (variation) fastOrder.dataset['variationId'] = variation.id;
      else delete fastOrder.dataset['variationId'];
    }
  };

  /** A signed-in shopper signs up in one click with the account's address: the field gives way to a note of it. */
  const renderBackInStock = () => {
    const form = actions.querySelector<HTMLFormElement>('[data-back-in-stock]');
    const input = form?.querySelector<HTMLInputElement>('input[name="email"]');
    if (!form || !input) return;
    const user = $user.get();
    input.hidden = user !== null;
    input.required = user === null;
    let note = form.querySelector<HTMLElement>('.product-buy__notify-account');
    if (user && !note) {
      note = Object.assign(document.createElement('p'), { className: 'product-buy__notify-account' });
      form.querySelector('.product-buy__notify-title')?.after(note);
    }
    if (note) {
      note.hidden = !user;
      note.textContent = user ? t('backInStockSignedIn', { email: user.email }) : '';
    }
  };

  const subscribeBackInStock = async (form: HTMLFormElement) => {
    const status = form.querySelector<HTMLElement>('.product-buy__notify-status');
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    const input = form.querySelector<HTMLInputElement>('input[name="email"]');
    if (!variation || !status || submit?.disabled) return;
    const user = $user.get();
    if (!user && input && !input.checkValidity()) {
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    input?.removeAttribute('aria-invalid');
    if (submit) submit.disabled = true;
    const { error, data } = await shopApi({ lang }).subscribeBackInStock({
      variation: variation.id,
      ...(user ? {} : { email: input?.value ?? '' }),
    });
    if (submit) submit.disabled = false;
    if (error || !data) {
      status.textContent = error?.message || t('backInStockFailed');
      if (input && !user) input.setAttribute('aria-invalid', 'true');
      return;
    }
    status.textContent = data.confirmed ? t('backInStockDone') : t('backInStockCheckMail');
  };

  const renderStickyBar = () => {
    let bar = root.querySelector<HTMLElement>('[data-testid="sticky-buy-bar"]');
    if (!view.buyable) {
      bar?.remove();
      return;
    }
    if (!bar) {
      bar = document.createElement('div');
      bar.className = 'product-sticky-bar';
      bar.dataset['testid'] = 'sticky-buy-bar';
      root.append(bar);
    }
    bar.innerHTML = stickyBarHtml(product, view, settings, money, t);
    bar.hidden = !pastActions;
  };

  const renderInCart = () => {
    const count = variation ? ($cart.get().list.find((item) => item.variationId === variation!.id)?.quantity ?? 0) : 0;
    buy.querySelector('.product-buy__in-cart')?.remove();
    if (count > 0) actions.insertAdjacentHTML('afterend', inCartHtml(count, t));
  };

  /** Everything that follows the chosen variation. */
  const renderVariation = () => {
    const previous = view;
    view = buyBoxView(product, variation, settings, delivery);
    renderGallery();
    buy.querySelector('.product-buy__price')!.innerHTML = priceBlockHtml(view.price, money, t);
    buy.querySelector('.product-buy__meta')!.innerHTML = metaHtml(view, settings.skuIsShow ? (variation?.sku ?? null) : null, t);
    renderOptions();
    renderActions(previous);
    renderInCart();
    renderDelivery();
    renderStickyBar();
  };

  const setNotice = (text: string) => {
    const notice = buy.querySelector('.product-buy__notice');
    if (notice) notice.textContent = text;
  };

  // ------------------------------------------------------------ choosing

  const choose = (nextId: string) => {
    variation = product.variations.find((v) => v.id === nextId) ?? null;
    shownImageId = null;
    window.history.replaceState(window.history.state, '', withVariationParam(window.location.href, nextId));
    renderVariation();
  };

  const chooseValue = (optionId: string, valueId: string) => {
    const current = selection();
    const next = variationForOptions(product, { ...current, [optionId]: valueId });
    if (!next) {
      console.error(INCORRECT_VARIATION_MESSAGE, { product: product.id, selection: { ...current, [optionId]: valueId } });
      setNotice(missingNotice(product, current, optionId, valueId, t));
      // the choice stays as it was
      renderOptions();
      return;
    }
    setNotice('');
    if (next.id !== variation?.id) choose(next.id);
    else renderOptions();
  };

  const chooseImage = (image: ImageDto) => {
    const owner = variationForImage(product, image.id, variation);
    if (owner && owner.id !== variation?.id) choose(owner.id);
    shownImageId = image.id;
    renderGallery();
  };

  // ------------------------------------------------------------ quantity

  const setQuantity = (next: number) => {
    quantity = Math.min(MAX_LINE_QUANTITY, Math.max(1, next));
    const input = actions.querySelector<HTMLInputElement>('.shop-quantity__input');
    if (input) input.value = String(quantity);
    const [decrease, increase] = actions.querySelectorAll<HTMLButtonElement>('.shop-quantity__step');
    if (decrease) decrease.disabled = quantity <= 1;
    if (increase) increase.disabled = quantity >= MAX_LINE_QUANTITY;
  };

  /** A typed quantity counts on blur or Enter; anything but a number goes back to the last one. */
  const commitTyped = (input: HTMLInputElement) => {
    const typed = Number.parseInt(input.value, 10);
    setQuantity(Number.isFinite(typed) ? typed : quantity);
  };

  /** The lightbox (its code and PhotoSwipe load on this first use), on the shown picture, the chosen variation's first. */
  const openGallery = async (opener: HTMLElement) => {
    const shown = images.find((image) => image.id === shownMainId) ?? null;
    const slides = galleryOrder(images, shown?.id).map((image) => lightboxSlide(image, product.title));
    if (slides.length === 0 || opener.getAttribute('aria-busy') === 'true') return;
    opener.setAttribute('aria-busy', 'true');
    try {
      const { openLightbox } = await import('./lightbox');
      const closed = openLightbox(slides, 0, {
        close: t('lightboxClose'),
        zoom: t('lightboxZoom'),
        previous: t('lightboxPrevious'),
        next: t('lightboxNext'),
        error: t('lightboxError'),
        of: t('lightboxOf'),
        title: t('gallery'),
      });
      opener.removeAttribute('aria-busy');
      await closed;
      opener.focus();
    } finally {
      opener.removeAttribute('aria-busy');
    }
  };

  // ------------------------------------------------------------ events

  root.addEventListener('change', (event) => {
    const target = event.target as HTMLElement;
    if (target instanceof HTMLInputElement && target.classList.contains('option-radio')) {
      const optionId = target.closest<HTMLElement>('[data-option-id]')?.dataset['optionId'];
      if (optionId) chooseValue(optionId, target.value);
    } else if (target instanceof HTMLSelectElement && target.dataset['optionId']) {
      chooseValue(target.dataset['optionId'], target.value);
    }
  });

  root.addEventListener('click', (event) => {
    const target = (event.target as Element).closest<HTMLElement>(
      '[data-add-to-cart], [data-quantity-step], .product-gallery__thumb, [data-gallery-open]',
    );
    if (!target) return;
    if (target.hasAttribute('data-gallery-open')) {
      void openGallery(target);
    } else if (target.hasAttribute('data-add-to-cart')) {
      // a number typed before this script ran counts too
      const typed = actions.querySelector<HTMLInputElement>('.shop-quantity__input');
      if (typed) commitTyped(typed);
      if (variation && view.buyable) addVariationToCart({ product, variation, quantity, lang, siteType: settings.siteType, money });
    } else if (target.hasAttribute('data-quantity-step')) {
      setQuantity(quantity + Number(target.dataset['quantityStep']));
    } else if (target.hasAttribute('data-gallery-video')) {
      showVideo(target);
    } else {
      const image = images.find((candidate) => candidate.id === target.dataset['imageId']);
      if (image) chooseImage(image);
    }
  });

  root.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-back-in-stock')) return;
    event.preventDefault();
    void subscribeBackInStock(form);
  });

  root.addEventListener('focusout', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.classList.contains('shop-quantity__input')) commitTyped(event.target);
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.classList.contains('shop-quantity__input'))
      commitTyped(event.target);
  });

  if (typeof IntersectionObserver !== 'undefined') {
    // An observer reports only crossings: on a phone the actions start below the fold, and one fling can carry them
    // from below the window to above it without a frame in view (no crossing, no report, the bar stayed hidden).
    // The watched area therefore reaches far below the window: the actions are "in" it while in view or still
    // below, and leave it exactly when they scroll away above, whatever the jump.
    new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        pastActions = !entry.isIntersecting;
        const bar = root.querySelector<HTMLElement>('[data-testid="sticky-buy-bar"]');
        if (bar) bar.hidden = !pastActions;
      },
      { rootMargin: `0px 0px ${STICKY_BAR_REACH_BELOW}px 0px` },
    ).observe(actions);
  }

  // ------------------------------------------------------------ on arrival

  startCartSync();
  if (variation) track({ name: 'view_item', items: [analyticsItem(product, variation, 1)] });
  const queried = new URL(window.location.href).searchParams.get('variation');
  if (queried !== null && variation && queried !== variation.id) {
    window.history.replaceState(window.history.state, '', withVariationParam(window.location.href, variation.id));
  }
  $cart.subscribe(renderInCart);
  $user.subscribe(renderBackInStock);
  root.setAttribute(READY_ATTRIBUTE, '');
}

/** Enhances every buy box of the page not enhanced yet. */
export function enhanceBuyBoxes(): void {
  document.querySelectorAll<HTMLElement>(`[data-buy-box]:not([${READY_ATTRIBUTE}])`).forEach(enhance);
}
