import type { LocalizedText } from '../../db/schema';
import { t } from '../text';

/** An FAQ item: the question is the item heading, the answer its rich text. */
const qa = (question: LocalizedText, answer: LocalizedText) => ({
  heading: { title: question },
  content: { html: { en: `<p>${answer.en}</p>`, ru: `<p>${answer.ru}</p>` } },
});

/** Questions about buying, shared by the homepage and the FAQ page. */
export const SHOPPING_FAQ = [
  qa(
    t('How long does delivery take?', 'Сколько идёт доставка?'),
    t(
      'Express orders arrive the next working day, standard orders within 3–7 days. International delivery takes up to two weeks.',
      'Экспресс-заказы приходят на следующий рабочий день, стандартные — за 3–7 дней. Международная доставка занимает до двух недель.',
    ),
  ),
  qa(
    t('Is shipping free?', 'Доставка бесплатная?'),
    t(
      'Standard shipping in the US is free for orders over $100, and international shipping is free over $300.',
      'Стандартная доставка по США бесплатна для заказов от $100, международная — от $300.',
    ),
  ),
  qa(
    t('Can I return an item?', 'Можно ли вернуть товар?'),
    t(
      'Yes, within 60 days of delivery, as long as it is unworn and has its tags.',
      'Да, в течение 60 дней после получения, если вещь не ношена и сохранены бирки.',
    ),
  ),
  qa(
    t('How can I pay?', 'Как можно оплатить?'),
    t(
      'Online by bank card, or in cash or by card when you collect your order from our SoHo store.',
      'Банковской картой онлайн или наличными либо картой при получении заказа в нашем магазине в Сохо.',
    ),
  ),
  qa(
    t('Do you repair things?', 'Вы ремонтируете вещи?'),
    t(
      'We repair anything bought from Northfold and charge only for materials.',
      'Мы ремонтируем всё, что куплено в Нортфолд, и берём деньги только за материалы.',
    ),
  ),
  qa(
    t('How do I use a discount code?', 'Как использовать промокод?'),
    t(
      'Enter it in your cart before checkout. One code can be used per order.',
      'Введите его в корзине перед оформлением заказа. В одном заказе можно использовать один промокод.',
    ),
  ),
];
