import { label } from '../../sections/labels';
import { documentLanguage } from '../../lib/localize';

/**
 * A lightbox for the images of masonry galleries: a click on `[data-lightbox] a[data-lightbox-item]`
 * shows the linked image in a modal <dialog>, with previous/next within the same gallery. Without
 * script the link simply opens the image.
 */

let dialog: HTMLDialogElement | null = null;
let gallery: HTMLAnchorElement[] = [];
let current = 0;

function show(index: number): void {
  if (!dialog || gallery.length === 0) return;
  current = (index + gallery.length) % gallery.length;
  const link = gallery[current]!;
  const image = dialog.querySelector('img')!;
  image.src = link.href;
  image.alt = link.querySelector('img')?.alt ?? '';
  dialog.querySelector('figcaption')!.textContent = link.dataset['caption'] ?? '';
}

function createDialog(): HTMLDialogElement {
  const lang = documentLanguage() ?? 'en';
  const t = (key: Parameters<typeof label>[1]) => label(lang, key);
  const element = document.createElement('dialog');
  element.className = 'lightbox';
  element.innerHTML = `
    <figure class="lightbox__figure"><img class="lightbox__image" alt="" /><figcaption class="lightbox__caption"></figcaption></figure>
    <button type="button" class="lightbox__close" data-action="close"></button>
    <button type="button" class="lightbox__nav lightbox__nav--prev" data-action="prev"></button>
    <button type="button" class="lightbox__nav lightbox__nav--next" data-action="next"></button>`;
  element.querySelector('[data-action=close]')!.setAttribute('aria-label', t('close'));
  element.querySelector('[data-action=prev]')!.setAttribute('aria-label', t('previous'));
  element.querySelector('[data-action=next]')!.setAttribute('aria-label', t('next'));
  element.addEventListener('click', (event) => {
    const action = (event.target as HTMLElement).closest<HTMLElement>('[data-action]')?.dataset['action'];
    if (action === 'prev') show(current - 1);
    else if (action === 'next') show(current + 1);
    else if (action === 'close' || event.target === element) element.close();
  });
  element.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') show(current - 1);
    if (event.key === 'ArrowRight') show(current + 1);
  });
  document.body.append(element);
  return element;
}

export function enableLightbox(): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('[data-lightbox] a[data-lightbox-item]');
    const container = link?.closest('[data-lightbox]');
    if (!link || !container) return;
    event.preventDefault();
    dialog ??= createDialog();
    gallery = [...container.querySelectorAll<HTMLAnchorElement>('a[data-lightbox-item]')];
    show(gallery.indexOf(link));
    dialog.showModal();
  });
}
