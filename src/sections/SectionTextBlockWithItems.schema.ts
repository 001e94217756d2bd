import { grid, list, templateOf } from './layout';
import { textItemsSection } from './text-items';
import { headingOf, paragraph, preset } from './editor';

/** Rich text followed by cards of text items, each with an optional picture on top and a button. */
export default textItemsSection(templateOf(grid(3), grid(2), list(1)), [
  preset('default', { heading: headingOf('Our services', 'Наши услуги') }, [
    { heading: headingOf('Tailoring', 'Подгонка'), content: { html: paragraph('Alterations in a week.', 'Подгонка за неделю.') } },
    { heading: headingOf('Gift wrap', 'Подарочная упаковка'), content: { html: paragraph('Free on request.', 'Бесплатно по запросу.') } },
    { heading: headingOf('Delivery', 'Доставка'), content: { html: paragraph('Across the country.', 'По всей стране.') } },
  ]),
]);
