import { describe, expect, it } from 'vitest';
import { adminI18n } from '../helpers/admin-i18n';
import { historyNote, historyValue } from '../../src/admin/lib/history-note';

const i18n = adminI18n();
const ru = i18n.getFixedT('ru');
const en = i18n.getFixedT('en');

describe("order history notes in the reader's language", () => {
  it("says the server's own notes in Russian", () => {
    expect(historyNote('canceled by Max Manager', ru)).toBe('Отменил(а) Max Manager');
    expect(historyNote('canceled by Max Manager: out of stock', ru)).toBe('Отменил(а) Max Manager: out of stock');
    expect(historyNote('sandbox transaction 5c1f', ru)).toBe('Транзакция тестовой оплаты (песочница) 5c1f');
    expect(historyNote('payment failed: sandbox transaction 5c1f', ru)).toBe(
      `Оплата: ${ru('payment.failed')}; Транзакция тестовой оплаты (песочница) 5c1f`,
    );
    expect(historyNote('unpaid 30 minutes after the order was placed', ru)).toBe('Не оплачен через 30 минут после оформления');
    expect(historyNote('not confirmed by the shop before its reservation ended', ru)).toBe('Магазин не подтвердил заказ до конца резерва');
    expect(historyNote('stripe refund r-1: card declined', ru)).toBe('Возврат Stripe r-1: card declined');
    expect(historyNote('yookassa transaction t-9; paid after its stock was released, variation v-1 lacks stock for 2', ru)).toBe(
      'Транзакция ЮKassa t-9; оплачен после снятия резерва; варианту v-1 не хватает 2 штук',
    );
    expect(historyValue('released', ru)).toBe('резерв снят');
  });

  it('keeps English readable and leaves what a person typed as typed', () => {
    expect(historyNote('canceled by Max Manager', en)).toBe('Canceled by Max Manager');
    expect(historyNote('unpaid 1 minutes after the order was placed', en)).toBe('Unpaid 1 minute after the order was placed');
    expect(historyNote('Called the customer, will pick up on Monday', ru)).toBe('Called the customer, will pick up on Monday');
    expect(historyValue('something-new', ru)).toBe('something-new');
  });
});
