/**
 * Product cards in the browser (framework-free, one listener for the page): a colour swatch shows that
 * colour's picture and links the card to that variation; quick add loads its dialog (quick-add.ts) on the
 * first tap, or puts the only variation straight in the cart.
 */
import type { QuickAddContext } from './quick-add-context';

function chooseSwatch(swatch: HTMLElement): void {
  const card = swatch.closest<HTMLElement>('.product-card');
  if (!card) return;
  const picture = card.querySelector<HTMLElement>('[data-card-picture]');
  const template = swatch.querySelector('template');
  if (picture && template) picture.replaceChildren(template.content.cloneNode(true));
  card.classList.add('product-card--swatched');
  card.querySelectorAll('[data-card-swatch]').forEach((other) => other.setAttribute('aria-pressed', String(other === swatch)));
  const link = card.querySelector<HTMLAnchorElement>('.product-card__link');
  if (link) {
    const url = new URL(link.href);
    url.searchParams.set('variation', swatch.dataset['cardSwatch'] ?? '');
    link.href = `${url.pathname}${url.search}`;
  }
}

async function quickAdd(button: HTMLButtonElement): Promise<void> {
  if (button.getAttribute('aria-busy') === 'true') return;
  const context = JSON.parse(button.dataset['quickAdd'] ?? '{}') as QuickAddContext;
  button.setAttribute('aria-busy', 'true');
  try {
    const { openQuickAdd } = await import('./quick-add');
    await openQuickAdd(context, button.dataset['variationId'] ?? null, button);
  } finally {
    button.removeAttribute('aria-busy');
  }
}

let listening = false;

export function enhanceProductCards(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('click', (event) => {
    const target = (event.target as Element).closest<HTMLElement>('[data-card-swatch], [data-quick-add]');
    if (!target?.closest('.product-card')) return;
    event.preventDefault();
    if (target.hasAttribute('data-card-swatch')) chooseSwatch(target);
    else void quickAdd(target as HTMLButtonElement);
  });
}
