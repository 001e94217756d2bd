import { grid, list, templateOf } from './layout';
import { textItemsSection } from './text-items';
import { headingOf, paragraph, preset } from './editor';

/** Text items as picture tiles in a grid template of uneven cells (spec 9 templates such as 3x3-2x2x2). */
export default textItemsSection(templateOf({ type: 'grid', template: '3x3-2x2x2' }, grid(2), list(1)), [
  preset('default', { heading: headingOf('Highlights', 'Главное') }, [
    { heading: headingOf('Design', 'Дизайн'), content: { html: paragraph('Made in our studio.', 'Создано в нашей студии.') } },
    { heading: headingOf('Materials', 'Материалы'), content: { html: paragraph('Linen, wool, leather.', 'Лён, шерсть, кожа.') } },
    { heading: headingOf('Craft', 'Ремесло'), content: { html: paragraph('Sewn by hand.', 'Сшито вручную.') } },
    { heading: headingOf('Care', 'Уход'), content: { html: paragraph('Easy to wash.', 'Легко стирать.') } },
    { heading: headingOf('Repair', 'Ремонт'), content: { html: paragraph('Free for a year.', 'Бесплатно год.') } },
  ]),
]);
