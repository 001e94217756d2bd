import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client';
import { mailQueue } from '../db/schema';
import type { Language } from '../../lib/localize';
import type { MailTemplateName } from './templates';

export type QueuedMail = { template: MailTemplateName; to: string; lang: Language; data: Record<string, unknown> };

/**
 * Queues e-mails for the worker. Called inside the transaction of the event (so a rolled-back order sends
 * nothing); it only inserts rows and never sends, so mail can neither slow down nor fail the request.
 */
export async function enqueueMail(executor: Executor, mails: QueuedMail[], now: Date): Promise<void> {
  const rows = mails.filter((m) => m.to.trim() !== '');
  if (rows.length === 0) return;
  await executor.insert(mailQueue).values(
    rows.map((m) => ({
      id: randomUUID(),
      template: m.template,
      to: m.to,
      lang: m.lang,
      data: m.data,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}
