/**
 * An order history entry's note in the reader's language. The server writes its own notes in English (the cancel,
 * the payment notification, the reservation sweep, refunds, a stock shortage); this reads those sentences back and says
 * them through the `historyNote.*` texts. A note a person typed (a reason, a comment) stays as typed.
 */
import type { TFunction } from 'i18next';

type Translate = TFunction;

const PATTERNS: [RegExp, (match: RegExpExecArray, t: Translate) => string][] = [
  [/^canceled by (.+?): ([\s\S]+)$/, (m, t) => t('historyNote.canceledByFor', { name: m[1], reason: m[2] })],
  [/^canceled by (.+)$/, (m, t) => t('historyNote.canceledBy', { name: m[1] })],
  [
    /^payment (\w+): ([\s\S]+)$/,
    (m, t) => t('historyNote.payment', { status: t(`payment.${m[1]}`, { defaultValue: m[1] }), note: historyNote(m[2]!, t) }),
  ],
  [/^(\w+) transaction (\S+)$/, (m, t) => t('historyNote.transaction', { provider: providerName(m[1]!, t), id: m[2] })],
  [
    /^(\w+) refund (\S+)(?:: ([\s\S]+))?$/,
    (m, t) =>
      m[3]
        ? t('historyNote.refundFailed', { provider: providerName(m[1]!, t), id: m[2], reason: m[3] })
        : t('historyNote.refund', { provider: providerName(m[1]!, t), id: m[2] }),
  ],
  [/^unpaid (\d+) minutes after the order was placed$/, (m, t) => t('historyNote.unpaid', { count: Number(m[1]) })],
  [/^not confirmed by the shop before its reservation ended$/, (_, t) => t('historyNote.unconfirmed')],
  [
    /^paid after its stock was released, variation (\S+) lacks stock for (\d+)$/,
    (m, t) => t('historyNote.shortage', { variation: m[1], count: Number(m[2]) }),
  ],
];

const providerName = (code: string, t: Translate) => t(`historyNote.provider.${code}`, { defaultValue: code });

export function historyNote(note: string, t: Translate): string {
  // a shortage adds its sentence to the payment's: each part on its own
  if (note.includes('; '))
    return note
      .split('; ')
      .map((part) => historyNote(part, t))
      .join('; ');
  for (const [pattern, say] of PATTERNS) {
    const match = pattern.exec(note);
    if (match) return say(match, t);
  }
  return note;
}

/** The value of a history entry whose kind has no badge (stock: released, retaken, returned, shortage). */
export const historyValue = (value: string, t: Translate) => t(`historyValue.${value}`, { defaultValue: value });
