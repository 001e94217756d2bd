import type { Language } from '../../../lib/localize';
import type { MailMessage } from '../../mail';

const TEXTS = {
  en: {
    subject: (site: string) => `Reset your password at ${site}`,
    intro: (site: string) => `Someone, hopefully you, asked to reset the password of your account at ${site}.`,
    action: 'Choose a new password',
    expiry: 'The link works once and for one hour.',
    ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
  },
  ru: {
    subject: (site: string) => `Сброс пароля на сайте ${site}`,
    intro: (site: string) => `Кто-то, надеемся, что вы, попросил сбросить пароль вашей учётной записи на сайте ${site}.`,
    action: 'Задать новый пароль',
    expiry: 'Ссылка действует один раз в течение часа.',
    ignore: 'Если вы этого не просили, просто не обращайте внимания на письмо: пароль останется прежним.',
  },
} satisfies Record<Language, unknown>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The password reset e-mail, in the language the reset was requested in. */
export function passwordResetMail(options: { to: string; link: string; siteName: string; lang: Language }): MailMessage {
  const t = TEXTS[options.lang];
  const { link, siteName } = options;
  return {
    to: options.to,
    subject: t.subject(siteName),
    text: [t.intro(siteName), '', `${t.action}: ${link}`, '', t.expiry, t.ignore, ''].join('\n'),
    html: [
      `<p>${escapeHtml(t.intro(siteName))}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>`,
      `<p>${escapeHtml(link)}</p>`,
      `<p>${escapeHtml(t.expiry)} ${escapeHtml(t.ignore)}</p>`,
    ].join('\n'),
  };
}
