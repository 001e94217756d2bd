import { getTranslator } from '../../../lib/i18n';
import type { Language } from '../../../lib/localize';
import type { MailMessage } from '../../mail';
import { escapeHtml } from '../../mail/layout';

/** The password reset e-mail, in the language the reset was requested in. */
export function passwordResetMail(options: { to: string; link: string; siteName: string; lang: Language }): MailMessage {
  const translate = getTranslator(options.lang);
  const { link, siteName } = options;
  const t = {
    subject: translate('mail.passwordReset.subject', { site: siteName }),
    intro: translate('mail.passwordReset.intro', { site: siteName }),
    action: translate('mail.passwordReset.action'),
    expiry: translate('mail.passwordReset.expiry'),
    ignore: translate('mail.passwordReset.ignore'),
  };
  return {
    to: options.to,
    subject: t.subject,
    text: [t.intro, '', `${t.action}: ${link}`, '', t.expiry, t.ignore, ''].join('\n'),
    html: [
      `<p>${escapeHtml(t.intro)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>`,
      `<p>${escapeHtml(link)}</p>`,
      `<p>${escapeHtml(t.expiry)} ${escapeHtml(t.ignore)}</p>`,
    ].join('\n'),
  };
}
