/**
 * The cookie and age questions (spec 2.7) as plain DOM, so a first visit asks them without loading React.
 * Loaded by the page script only when a question is due. The age question is a dialog in the markup and
 * classes of the shop's modal; the cookie question is a bar at the bottom of the screen with Accept and
 * Reject that leaves the page usable.
 */
import { formTexts, pageLanguage } from '../islands/forms/texts';
import '../islands/forms/forms.css';
import { focusableIn, nextFocusTarget } from '../islands/modals/focus-trap';
import { acceptCookies, confirmAge, rejectCookies } from '../lib/consent';
import './cookie-bar.css';

export type ConsentQuestion = { enabled: boolean; title?: string; text?: string; buttonText?: string };
export type ConsentType = 'ModalAgeVerification' | 'ModalCookieAccept';

/** Same as the modal store's closing time: the closing animation runs before the dialog goes. */
const CLOSE_MS = 550;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Shows one question; resolves when it is closed (answered or dismissed). */
export function askConsent(type: ConsentType, question: ConsentQuestion): Promise<void> {
  return type === 'ModalCookieAccept' ? showCookieBar(question) : askInDialog(type, question);
}

/**
 * The cookie question as a bar at the bottom of the screen (a named region, not a dialog): the page stays
 * usable; Accept and Reject are both remembered (lib/consent.ts) and close the bar.
 */
function showCookieBar(question: ConsentQuestion): Promise<void> {
  const t = formTexts(pageLanguage());
  const bar = element('section', { class: 'cookie-bar', 'aria-labelledby': 'cookie-bar-title', 'data-consent': 'cookies' });
  const inner = element('div', { class: 'cookie-bar__inner' });
  const text = element('div', { class: 'cookie-bar__text' });
  text.append(element('p', { class: 'cookie-bar__title', id: 'cookie-bar-title' }, question.title || t('cookieTitle')));
  if (question.text) text.append(element('p', { class: 'cookie-bar__body' }, question.text));
  const actions = element('div', { class: 'cookie-bar__actions' });
  const reject = element('button', { type: 'button', class: 'form-button cookie-bar__reject' }, t('reject'));
  const accept = element('button', { type: 'button', class: 'form-button form-button--primary' }, question.buttonText || t('accept'));
  actions.append(reject, accept);
  inner.append(text, actions);
  bar.append(inner);
  return new Promise((resolve) => {
    const answer = (remember: () => void) => {
      remember();
      const hadFocus = bar.contains(document.activeElement);
      bar.remove();
      document.body.style.removeProperty('--cookie-bar-height');
      document.body.classList.remove('has-cookie-bar');
      // focus would be lost with the bar: the page's content takes it
      if (hadFocus) document.getElementById('main')?.focus({ preventScroll: true });
      resolve();
    };
    accept.addEventListener('click', () => answer(acceptCookies));
    reject.addEventListener('click', () => answer(rejectCookies));
    // first after the skip link, so keyboard and screen reader users meet it early; shown at the bottom
    const skip = document.querySelector('body > .skip-link');
    if (skip) skip.after(bar);
    else document.body.prepend(bar);
    // the page can scroll its last content above the bar
    document.body.classList.add('has-cookie-bar');
    document.body.style.setProperty('--cookie-bar-height', `${bar.offsetHeight}px`);
  });
}

/** The age question (and any other) as a modal dialog. */
function askInDialog(type: ConsentType, question: ConsentQuestion): Promise<void> {
  const t = formTexts(pageLanguage());
  const cookies = type === 'ModalCookieAccept';
  const root = element('div', { class: 'modal', 'data-modal-type': type });
  const backdrop = element('div', { class: 'modal__backdrop', 'aria-hidden': 'true' });
  const dialog = element('div', { class: 'modal__dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'consent-title' });
  const closeButton = element('button', { type: 'button', class: 'modal__close', 'aria-label': 'Close' }, '×');
  const content = element('div', { class: 'consent', 'data-consent': cookies ? 'cookies' : 'age' });
  const heading = element('h2', { class: 'form__title', id: 'consent-title' }, question.title || t(cookies ? 'cookieTitle' : 'ageTitle'));
  content.append(heading);
  if (question.text) content.append(element('p', { class: 'consent__text' }, question.text));
  const actions = element('div', { class: 'form__actions' });
  const primary = element(
    'button',
    { type: 'button', class: 'form-button form-button--primary' },
    cookies ? question.buttonText || t('accept') : t('yes'),
  );
  actions.append(primary);
  const secondary = cookies ? null : element('button', { type: 'button', class: 'form-button form-button--secondary' }, t('no'));
  if (secondary) actions.append(secondary);
  content.append(actions);
  dialog.append(closeButton, content);
  root.append(backdrop, dialog);

  return new Promise((resolve) => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      if (event.key !== 'Tab') return;
      const target = nextFocusTarget(focusableIn(dialog), document.activeElement, event.shiftKey);
      if (target) {
        event.preventDefault();
        target.focus();
      }
    };
    function close() {
      document.removeEventListener('keydown', onKey);
      root.classList.add('modal--closing');
      setTimeout(() => {
        root.remove();
        resolve();
      }, CLOSE_MS);
    }
    primary.addEventListener('click', () => {
      if (cookies) acceptCookies();
      else confirmAge();
      close();
    });
    secondary?.addEventListener('click', () => window.history.back());
    closeButton.addEventListener('click', close);
    backdrop.addEventListener('click', close);
    document.addEventListener('keydown', onKey);
    document.body.append(root);
    primary.focus();
  });
}
