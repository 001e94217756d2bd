import type { AppDeps } from '../api/core/context';
import type { Executor } from '../db/client';
import { enqueueMail, type QueuedMail } from './queue';
import { shopLanguage, shopRecipients, type MailTemplateName } from './templates';

/** Queues a notice to each of the shop's own addresses, in the shop's language. */
export async function queueShopNotice(
  deps: AppDeps,
  executor: Executor,
  template: MailTemplateName,
  data: Record<string, unknown>,
): Promise<void> {
  const [recipients, lang] = await Promise.all([shopRecipients(deps), shopLanguage(deps)]);
  await enqueueMail(
    executor,
    recipients.map((to): QueuedMail => ({ template, to, lang, data })),
    deps.now(),
  );
}

/**
 * Queues a notice after the fact, for writes that are already committed: a failure to queue is logged and never
 * fails the request that caused it.
 */
export async function queueShopNoticeSafely(deps: AppDeps, template: MailTemplateName, data: Record<string, unknown>): Promise<void> {
  try {
    await queueShopNotice(deps, deps.db, template, data);
  } catch (err) {
    deps.logger.error({ err, template }, 'could not queue the shop notice');
  }
}
