import type { sections } from '../../db/schema';
import { PICTURES } from '../brand';
import { imageId, productId } from '../ids';
import { frame, heading, sectionRows } from '../sections';
import { t } from '../text';

const spec = (title: ReturnType<typeof t>, value: ReturnType<typeof t>) => ({
  heading: { title },
  content: { html: { en: `<p>${value.en}</p>`, ru: `<p>${value.ru}</p>` } },
});

/** Extra sections on a few product pages: a specification table and a care guide. */
export const productSectionRows = (): (typeof sections.$inferInsert)[] => [
  ...sectionRows('product', productId('field-watch'), [
    {
      type: 'SectionProperty',
      options: { section: frame(), heading: heading(t('Specifications', 'Характеристики')) },
      items: [
        spec(t('Case diameter', 'Диаметр корпуса'), t('38 mm', '38 мм')),
        spec(t('Movement', 'Механизм'), t('Swiss automatic, 26 jewels', 'Швейцарский автоматический, 26 камней')),
        spec(t('Power reserve', 'Запас хода'), t('41 hours', '41 час')),
        spec(t('Water resistance', 'Водозащита'), t('100 m', '100 м')),
      ],
    },
  ]),
  ...sectionRows('product', productId('linen-shirt'), [
    {
      type: 'SectionTextBlockPictureLeft',
      options: {
        section: frame('light'),
        heading: heading(t('Caring for your linen', 'Как ухаживать за льном')),
        content: {
          html: t(
            '<p>Wash at 30–40 °C, skip the softener and line-dry in the shade. Linen gets softer with every wash.</p>',
            '<p>Стирайте при 30–40 °C, не используйте кондиционер и сушите в тени. Лён становится мягче с каждой стиркой.</p>',
          ),
          image: imageId(PICTURES.care),
          alt: t('Folded towels and a wool throw', 'Сложенные полотенца и шерстяной плед'),
          imageBorderRadius: 16,
        },
        footer: {
          textAlign: 'left',
          button: {
            isShow: true,
            text: t('Read the full guide', 'Читать полностью'),
            link: { type: 'article', url: 'blog/how-to-care-for-linen' },
          },
        },
      },
    },
  ]),
];
