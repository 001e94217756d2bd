import { grid, list, templateOf } from './layout';
import { textItemsSection } from './text-items';
import { headingOf, paragraph, preset } from './editor';

/** Text items in bordered cells of a grid. */
export default textItemsSection(templateOf(grid(2), grid(2), list(1)), [
  preset('default', { heading: headingOf('How it works', 'Как это работает') }, [
    { heading: headingOf('Choose', 'Выберите'), content: { html: paragraph('Pick what you like.', 'Выберите, что нравится.') } },
    {
      heading: headingOf('Order', 'Закажите'),
      content: { html: paragraph('Pay online or on delivery.', 'Оплатите онлайн или при получении.') },
    },
  ]),
]);
