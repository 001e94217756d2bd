import { localize, type Language } from '../../lib/localize';
import type { AppDeps } from '../api/core/context';
import { loadShopSettings } from '../api/core/settings-store';
import type { MailAddress } from '../mail';

/** The address part of a `Name <address>` or bare address (MAIL_FROM). */
export function addressOf(value: string): string {
  return (/<([^<>]+)>/.exec(value)?.[1] ?? value).trim();
}

/**
 * Who the shop's mail comes from and where replies go: the sender name and address of the mail settings, else the
 * shop's name and the server's MAIL_FROM address; replies to the shop's first contact e-mail (none: no Reply-To).
 */
export async function shopSender(deps: AppDeps, lang: Language): Promise<{ from: MailAddress; replyTo?: string }> {
  const settings = await loadShopSettings(deps.db);
  const name = settings.mail.senderName.trim() || localize(settings.common.sitename, lang) || 'Shop';
  const address = settings.mail.senderEmail.trim() || addressOf(deps.config.mailFrom);
  const replyTo = settings.common.emails.map((e) => e.trim()).find((e) => e.includes('@'));
  return { from: { name, address }, ...(replyTo ? { replyTo } : {}) };
}
