import { grid, list, templateOf } from './layout';
import { textItemsSection } from './text-items';
import { headingOf, paragraph, preset } from './editor';

/** Key figures: a large title (the figure) with a caption under it. */
export default textItemsSection(templateOf(grid(3), grid(3), list(1)), [
  preset('default', { heading: headingOf('In numbers', 'В цифрах') }, [
    { heading: headingOf('10', '10'), content: { html: paragraph('years in business', 'лет работы') } },
    { heading: headingOf('5000', '5000'), content: { html: paragraph('happy customers', 'довольных покупателей') } },
    { heading: headingOf('24', '24'), content: { html: paragraph('hour dispatch', 'часа на отправку') } },
  ]),
]);
