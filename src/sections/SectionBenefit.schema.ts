import { grid, list, templateOf } from './layout';
import { textItemsSection } from './text-items';
import { headingOf, paragraph, preset } from './editor';

/** The shop's benefits: an icon (or a check mark), title and text each. */
export default textItemsSection(
  templateOf(grid(4), grid(2), list(1)),
  [
    preset('default', { heading: headingOf('Why us', 'Почему мы') }, [
      {
        heading: headingOf('Free delivery', 'Бесплатная доставка'),
        content: { html: paragraph('On orders over 50.', 'На заказы от 50.') },
      },
      { heading: headingOf('Easy returns', 'Лёгкий возврат'), content: { html: paragraph('Within 30 days.', 'В течение 30 дней.') } },
      { heading: headingOf('Secure payment', 'Безопасная оплата'), content: { html: paragraph('Cards and cash.', 'Картой и наличными.') } },
      { heading: headingOf('Support', 'Поддержка'), content: { html: paragraph('We answer every day.', 'Отвечаем каждый день.') } },
    ]),
  ],
  { itemsRequired: true },
);
