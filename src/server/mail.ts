import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger';

/** A sender or reply address; nodemailer encodes the name, so any text is safe in it. */
export type MailAddress = { name: string; address: string };

/**
 * `messageId`: the Message-ID header, `<unique@host>`, the same on every attempt to send one mail. `from`: the shop's
 * sender (else the server's MAIL_FROM); `replyTo`: where replies go.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  messageId?: string;
  from?: MailAddress;
  replyTo?: MailAddress | string;
  /** extra headers (List-Unsubscribe of marketing mail) */
  headers?: Record<string, string>;
};
export type SentMail = MailMessage & { file?: string };

export type Mailer = { send(message: MailMessage): Promise<SentMail> };

/**
 * Real mail through nodemailer: SMTP when SMTP_URL is set, otherwise the RFC 822 message
 * is written as an .eml file under `{dataDir}/mail` and its path logged.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ ...message, from: message.from ?? options.from });
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
        return message;
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(options.dataDir, 'mail');
  return {
    async send(message) {
      const info = await transport.sendMail({ ...message, from: message.from ?? options.from });
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      options.logger.info({ to: message.to, subject: message.subject, file }, 'mail written to file');
      return { ...message, file };
    },
  };
}
