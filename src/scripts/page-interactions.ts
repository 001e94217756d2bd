/**
 * The only script every page loads: tiny, framework-free. It wires elements marked in the HTML to
 * features whose code is loaded on first use, so a page with nothing interactive runs no React.
 *
 *   <button data-lead-form data-default-comment="..." data-title="...">  opens the lead form modal
 *   <button data-auth-form="signin|create|reset|delete">                 opens the account modal
 *   <a href="/account/...">                                              signed out: the sign-in modal, then there
 *   <a href="/cart" data-cart-drawer='{"siteType":…,"money":…}'>         the cart drawer (not on the cart and checkout pages)
 *
 * On load it also asks the cookie and age questions (spec 2.7) when the shop has them on and the
 * visitor has not answered yet, in plain DOM (./consent-dialog.ts): a first visit loads no React. The
 * cookie question is a bar at the bottom with Accept and Reject; the age question a dialog.
 */
import { documentLanguage } from '../lib/localize';
import type { CartShellTexts } from '../islands/cart/cart-drawer-details';
import type { MoneyFormat } from '../islands/shop/money';
import { removeCartShell, showCartShell } from '../islands/cart/cart-drawer-shell';

type ModalType = 'LeadForm' | 'AccountAuthForm' | 'CartDrawer';

async function openModalLazily(type: ModalType, details: Record<string, unknown>) {
  const [{ mountModals }, { openModal }] = await Promise.all([import('../islands/mount-modals'), import('../stores/modal')]);
  mountModals();
  openModal(type, details);
}

const readStorage = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/** A signed-in session is stored under 'user' with its token (src/stores/user.ts). */
function isSignedIn(): boolean {
  try {
    return Boolean((JSON.parse(readStorage('user') ?? 'null') as { token?: unknown } | null)?.token);
  } catch {
    return false;
  }
}

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = (event.target as Element | null)?.closest<HTMLElement>(
    '[data-lead-form], [data-auth-form], a[href^="/account"], a[data-cart-drawer]',
  );
  if (!target) return;
  if (target.hasAttribute('data-cart-drawer')) {
    // the cart and checkout pages show the cart themselves: the icon stays a link there
    if (/^\/(cart|checkout)(\/|$)/.test(window.location.pathname)) return;
    event.preventDefault();
    let shop: Record<string, unknown> = {};
    try {
      shop = JSON.parse(target.dataset.cartDrawer ?? '{}') as Record<string, unknown>;
    } catch {
      // an unreadable attribute: the drawer falls back to its defaults
    }
    const details = {
      siteType: 'ecommerce',
      money: { currency: 'USD', separator: 'none' },
      ...shop,
      lang: document.documentElement.lang || 'en',
    };
    // the cart at once, while the drawer's island loads (on a slow connection, seconds)
    if (shop['texts']) showCartShell(shop['texts'] as CartShellTexts, details.money as MoneyFormat);
    const href = target.getAttribute('href') ?? '/cart';
    openModalLazily('CartDrawer', details).catch(() => {
      removeCartShell();
      window.location.assign(href);
    });
  } else if (target.hasAttribute('data-lead-form')) {
    event.preventDefault();
    void openModalLazily('LeadForm', {
      title: target.dataset.title,
      comment: target.dataset.defaultComment,
      productId: target.dataset.productId,
      variationId: target.dataset.variationId,
    });
  } else if (target.hasAttribute('data-auth-form')) {
    event.preventDefault();
    void openModalLazily('AccountAuthForm', { type: target.dataset.authForm || 'signin' });
  } else if (!isSignedIn()) {
    event.preventDefault();
    void openModalLazily('AccountAuthForm', { type: 'signin', redirectTo: target.getAttribute('href') });
  }
});

// ---------------------------------------------------------------- cookie and age questions

type ConsentQuestion = { enabled: boolean; title?: string; text?: string; buttonText?: string };
type ConsentSettings = { modalAgeVerification?: ConsentQuestion; modalCookieAccept?: ConsentQuestion };

/**
 * Age first: the cookie bar waits until the age question is answered (one at a time). The age question
 * is answered by Yes ('true'); the cookie question by Accept ('true') or Reject ('false').
 */
const QUESTIONS = [
  { type: 'ModalAgeVerification', setting: 'modalAgeVerification', answeredKey: 'ageVerificationConfirm', answers: ['true'] },
  { type: 'ModalCookieAccept', setting: 'modalCookieAccept', answeredKey: 'cookieAccept', answers: ['true', 'false'] },
] as const;

const isAnswered = (question: (typeof QUESTIONS)[number]) =>
  (question.answers as readonly string[]).includes(readStorage(question.answeredKey) ?? '');

const CONSENT_CACHE_KEY = 'shopConsentSettings';

/** The two questions' settings, fetched once per browser session and language. */
async function consentSettings(lang: string): Promise<ConsentSettings | null> {
  try {
    const cached = JSON.parse(sessionStorage.getItem(CONSENT_CACHE_KEY) ?? 'null') as { lang: string; common: ConsentSettings } | null;
    if (cached?.lang === lang) return cached.common;
  } catch {
    // Unreadable cache: ask again.
  }
  const response = await fetch('/api/config', { headers: { accept: 'application/json', 'x-shop-language': lang } });
  if (!response.ok) return null;
  const { common } = (await response.json()) as { common?: ConsentSettings };
  const questions: ConsentSettings = { modalAgeVerification: common?.modalAgeVerification, modalCookieAccept: common?.modalCookieAccept };
  try {
    sessionStorage.setItem(CONSENT_CACHE_KEY, JSON.stringify({ lang, common: questions }));
  } catch {
    // No session storage: fetched again on the next page.
  }
  return questions;
}

/** The shop builder's live preview (the page framed by the back office, or opened with ?preview=1): staff, not visitors. */
const isBuilderPreview = () => window.parent !== window || new URLSearchParams(window.location.search).get('preview') === '1';

async function askConsentQuestions(): Promise<void> {
  // the questions would cover the page the owner is building
  if (isBuilderPreview()) return;
  if (QUESTIONS.every(isAnswered)) return;
  const settings = await consentSettings(documentLanguage() ?? 'en');
  const pending = QUESTIONS.filter((q) => settings?.[q.setting]?.enabled && !isAnswered(q));
  if (pending.length === 0) return;
  const { askConsent } = await import('./consent-dialog');
  // One question at a time: the next comes once the current one has closed.
  for (const question of pending) await askConsent(question.type, { enabled: true, ...settings?.[question.setting] });
}

void askConsentQuestions().catch((error: unknown) => console.error('consent questions not shown', error));
