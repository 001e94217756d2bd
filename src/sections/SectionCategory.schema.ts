import { grid, templateOf } from './layout';
import { textItemsSection } from './text-items';
import { headingOf, preset } from './editor';

/** Category tiles: a picture with the category's title over it, the whole tile linking to the category. */
export default textItemsSection(
  templateOf(grid(4), grid(2), grid(2)),
  [
    preset('default', { heading: headingOf('Shop by category', 'Категории') }, [
      { heading: headingOf('Clothing', 'Одежда') },
      { heading: headingOf('Shoes', 'Обувь') },
      { heading: headingOf('Accessories', 'Аксессуары') },
      { heading: headingOf('Home', 'Дом') },
    ]),
  ],
  { itemsRequired: true },
);
