/**
 * Links of the shop's contact channels (spec 2.8, 2.9 contacts sections, spec 5 "phone links strip
 * non-digits"). Pure, so the contacts sections and the floating widget can share it.
 */

/** Digits of a phone number ('+1 (212) 555-0147' → '12125550147'). */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/**
 * A tel: link with every non-digit stripped. A leading '+' is the one mark kept: without it an
 * international number would be dialled as a local one.
 */
export function phoneHref(phone: string): string | null {
  const digits = phoneDigits(phone);
  if (digits === '') return null;
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** A wa.me chat with the number, pre-filled with the shop's preset message when there is one. */
export function whatsappHref(phone: string, message?: string | null): string | null {
  const digits = phoneDigits(phone);
  if (digits === '') return null;
  const text = message?.trim();
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

const TELEGRAM_USERNAME = /^[a-z][\w]{3,31}$/i;
const TELEGRAM_HOSTS = new Set(['t.me', 'telegram.me', 'www.t.me', 'www.telegram.me']);

/**
 * The Telegram chat of a username ('northfold_shop', '@northfold_shop'), a t.me link or a phone
 * number ('+1 212 555 0147' → https://t.me/+12125550147). Null when the value is none of those.
 */
export function telegramHref(value: string): string | null {
  const text = value.trim();
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      return TELEGRAM_HOSTS.has(url.hostname.toLowerCase()) && url.pathname.length > 1 ? `https://t.me${url.pathname}${url.search}` : null;
    } catch {
      return null;
    }
  }
  const username = text.replace(/^@/, '');
  if (TELEGRAM_USERNAME.test(username)) return `https://t.me/${username}`;
  if (text.startsWith('+') && phoneDigits(text).length >= 7) return `https://t.me/+${phoneDigits(text)}`;
  return null;
}

/** The name shown for a Telegram contact: '@username' for a username or username link, else the value. */
export function telegramLabel(value: string): string {
  const text = value.trim();
  const username = /^(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\.me\/([a-z]\w{3,31})\/?$/i.exec(text)?.[1] ?? text.replace(/^@/, '');
  return TELEGRAM_USERNAME.test(username) ? `@${username}` : text;
}

const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}$/i;

export function emailHref(email: string): string | null {
  const address = email.trim();
  return EMAIL.test(address) ? `mailto:${address}` : null;
}

/** An owner-supplied map address, only when it is an http(s) URL. */
export function mapHref(mapUrl: string | null | undefined): string | null {
  const text = mapUrl?.trim() ?? '';
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(text).href;
  } catch {
    return null;
  }
}
