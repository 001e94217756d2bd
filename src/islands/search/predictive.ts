/**
 * The header's predictive search (loaded on the first focus of a search field, see SearchForm.astro): after
 * two characters, and a pause in typing, it asks GET /api/search/suggest and shows suggested queries,
 * products (picture, title, price), catalogs and articles under the field, as an ARIA 1.2 combobox: the
 * arrows move through the options (aria-activedescendant), Enter opens the chosen one, Escape closes the list.
 * Without it (no script yet, or no answer) the form is the plain GET /search form it always was.
 */
import type { SearchSuggestDto } from '../../contract/storefront/catalog';
import { documentLanguage, type Language } from '../../lib/localize';
import { formatMoney, type MoneyFormat } from '../shop/money';
import { searchTexts } from './texts';

const MIN_CHARACTERS = 2;
const PAUSE_MS = 150;

type Option = { href: string; html: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const started = new WeakSet<HTMLFormElement>();

/** Starts every search form of the page marked `data-predictive-search` (once each). */
export function startPredictiveSearch(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-predictive-search]')) {
    if (started.has(form)) continue;
    started.add(form);
    startForm(form);
  }
}

function startForm(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[role="combobox"]');
  const list = input && document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!input || !list) return;
  // announces how many suggestions came (made here, so a page without scripts has no empty live region)
  const status = document.createElement('span');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  form.append(status);
  const lang: Language = documentLanguage() ?? 'en';
  const t = searchTexts(lang);
  const money = JSON.parse(form.dataset.predictiveSearch || '{}') as MoneyFormat;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let request: AbortController | undefined;
  let options: HTMLElement[] = [];
  let active = -1;
  let shownFor = '';

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };

  const activate = (index: number) => {
    options[active]?.setAttribute('aria-selected', 'false');
    active = index;
    const option = options[active];
    if (!option) {
      input.removeAttribute('aria-activedescendant');
      return;
    }
    option.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  };

  const render = (answer: SearchSuggestDto) => {
    const query = input.value.trim();
    const base = `${input.id}-option`;
    let n = 0;
    const option = ({ href, html }: Option) =>
      `<a class="search-suggest__option" role="option" id="${base}-${n++}" href="${escapeHtml(href)}" tabindex="-1" aria-selected="false">${html}</a>`;
    const group = (label: string, kind: string, items: Option[]) =>
      items.length === 0
        ? ''
        : `<div class="search-suggest__group search-suggest__group--${kind}" role="group" aria-label="${escapeHtml(label)}" data-label="${escapeHtml(label)}">${items.map(option).join('')}</div>`;
    const searchHref = (q: string) => `/search?q=${encodeURIComponent(q)}`;
    const html = [
      group(
        t('suggest.words'),
        'words',
        answer.words.map((words) => ({ href: searchHref(words), html: `<span class="search-suggest__word">${escapeHtml(words)}</span>` })),
      ),
      group(
        t('suggest.products'),
        'products',
        answer.products.map((product) => ({
          href: product.url,
          html: `${
            product.image
              ? `<img src="${escapeHtml(`${product.image.uri}?w=96&h=96&fit=outbound&format=webp`)}" alt="" width="48" height="48" decoding="async">`
              : '<span class="search-suggest__placeholder"></span>'
          }<span class="search-suggest__title">${escapeHtml(product.title)}</span>${
            product.price > 0 ? `<span class="search-suggest__price">${escapeHtml(formatMoney(product.price, money))}</span>` : ''
          }`,
        })),
      ),
      group(
        t('suggest.catalogs'),
        'catalogs',
        answer.catalogs.map((catalog) => ({ href: catalog.url, html: escapeHtml(catalog.title) })),
      ),
      group(
        t('suggest.articles'),
        'articles',
        answer.articles.map((article) => ({ href: article.url, html: escapeHtml(article.title) })),
      ),
      group(t('suggest.all'), 'all', [{ href: searchHref(query), html: escapeHtml(t('suggest.searchFor', { query })) }]),
    ].join('');
    list.innerHTML = html;
    options = [...list.querySelectorAll<HTMLElement>('[role="option"]')];
    active = -1;
    shownFor = query;
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    input.removeAttribute('aria-activedescendant');
    const found = answer.products.length + answer.catalogs.length + answer.articles.length;
    status.textContent = t('suggest.count', { count: found });
  };

  const ask = async () => {
    const query = input.value.trim();
    if ([...query].length < MIN_CHARACTERS) {
      request?.abort();
      shownFor = '';
      close();
      return;
    }
    if (query === shownFor && !list.hidden) return;
    request?.abort();
    const mine = (request = new AbortController());
    try {
      const response = await fetch(`/api/search/suggest?${new URLSearchParams({ q: query, lang })}`, {
        signal: mine.signal,
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return;
      const answer = (await response.json()) as SearchSuggestDto;
      if (mine === request && input.value.trim() === query && document.activeElement === input) render(answer);
    } catch {
      // aborted by newer typing, or offline: the plain form still searches
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(ask, PAUSE_MS);
  });
  input.addEventListener('focus', () => {
    if ([...input.value.trim()].length >= MIN_CHARACTERS) void ask();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (list.hidden) {
        if (shownFor) {
          list.hidden = false;
          input.setAttribute('aria-expanded', 'true');
        } else return;
      }
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      activate(active === -1 ? (step === 1 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
    } else if (event.key === 'Enter' && !list.hidden && active >= 0) {
      event.preventDefault();
      const href = options[active]?.getAttribute('href');
      if (href) window.location.assign(href);
    } else if (event.key === 'Escape' && !list.hidden) {
      // the first Escape closes the list only; the next one is the page's (closing the header's search)
      event.preventDefault();
      event.stopPropagation();
      // an answer still on its way does not open the list again
      clearTimeout(timer);
      request?.abort();
      close();
    }
  });
  // a click on an option follows its link; focus leaving the form closes the list
  form.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && form.contains(event.relatedTarget))) close();
  });
  list.addEventListener('mousedown', (event) => event.preventDefault());
  // typed before this script arrived: answer at once
  if (document.activeElement === input && [...input.value.trim()].length >= MIN_CHARACTERS) void ask();
}
