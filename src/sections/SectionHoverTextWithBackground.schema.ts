import { grid, list, templateOf } from './layout';
import { textItemsSection } from './text-items';
import { headingOf, paragraph, preset } from './editor';

/** Picture tiles with a title whose text appears on hover or keyboard focus (always shown on touch screens). */
export default textItemsSection(
  templateOf(grid(3), grid(2), list(1)),
  [
    preset('default', { heading: headingOf('Collections', 'Коллекции') }, [
      { heading: headingOf('Summer', 'Лето'), content: { html: paragraph('Light and bright.', 'Легко и ярко.') } },
      { heading: headingOf('Autumn', 'Осень'), content: { html: paragraph('Warm layers.', 'Тёплые слои.') } },
      { heading: headingOf('Winter', 'Зима'), content: { html: paragraph('Cosy knits.', 'Уютный трикотаж.') } },
    ]),
  ],
  { itemsRequired: true },
);
