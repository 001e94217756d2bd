import { z } from 'zod';
import { ALIGNMENTS, buttonSchema, sectionSchema } from './common-options';
import { defineSection } from './context';
import { resolveImage, type ImageMap } from './images';
import { choice, color, flag, integerIn, isRecord, lenientObject, raw, text } from './schema-kit';
import type { PerScreen } from './screens';
import { field, headingOf, preset, stored } from './editor';

/**
 * The hero slider (spec 2.9, 3.4 slide item). A slide is a picture per screen (the mobile one falling
 * back to the desktop one) with a coloured overlay, a tag, a title, a text or rich text, a link and a
 * button, placed by horizontal and vertical alignment with an inner padding.
 */

/** Spec 9: slider height 494 px on desktop, 385 px on mobile; autoplay every 5000 ms. */
export const SLIDER_HEIGHTS: PerScreen<number> = { desktop: 494, tablet: 494, mobile: 385 };
export const AUTOPLAY_MS = 5000;

const height = (fallback: number) => integerIn(fallback, 200, 1200);

const sliderSchema = sectionSchema({
  autoplay: lenientObject({
    enabled: flag(true),
    speed: integerIn(AUTOPLAY_MS, 1000, 60_000),
  }),
  height: lenientObject({
    desktop: height(SLIDER_HEIGHTS.desktop),
    tablet: height(SLIDER_HEIGHTS.tablet),
    mobile: height(SLIDER_HEIGHTS.mobile),
  }),
});

const VERTICAL_ALIGNMENTS = ['top', 'center', 'bottom'] as const;

/** A rich text given once or per screen (`{ desktop, mobile }`). */
const perScreenHtml = z
  .unknown()
  .optional()
  .transform((value): { desktop: string; mobile: string } => {
    if (typeof value === 'string') return { desktop: value.trim(), mobile: value.trim() };
    if (!isRecord(value)) return { desktop: '', mobile: '' };
    const desktop = typeof value['desktop'] === 'string' ? value['desktop'].trim() : '';
    const mobile = typeof value['mobile'] === 'string' ? value['mobile'].trim() : desktop;
    return { desktop, mobile };
  });

const slideSchema = lenientObject({
  content: lenientObject({
    /** an image reference, or one per screen `{ desktop, tablet, mobile }` */
    image: raw(),
    images: raw(),
    /** the picture below 568 px, when it differs */
    imageMobile: raw(),
    alt: text(),
    tag: text(),
    text: text(),
    html: perScreenHtml,
    htmls: raw(),
    link: raw(),
    alignHorizontal: choice(ALIGNMENTS, 'left'),
    alignVertical: choice(VERTICAL_ALIGNMENTS, 'center'),
    innerPadding: integerIn(40, 0, 200),
    colorText: color(),
    colorTag: color(),
    backgroundTag: color(),
    /** the overlay colour over the picture */
    background: color(),
    /** overlay opacity in percent on desktop and tablet */
    opacity: integerIn(0, 0, 100),
    /** overlay opacity in percent on mobile; the desktop one when unset */
    opacityMobile: integerIn(-1, 0, 100).transform((value) => (value < 0 ? null : value)),
  }),
  heading: lenientObject({ title: text(), color: color() }),
  button: buttonSchema,
  /** text alignment inside the slide's box; the horizontal alignment when unset */
  align: lenientObject({ desktop: choice(ALIGNMENTS, null), mobile: choice(ALIGNMENTS, null) }),
});

export type SlideOptions = z.output<typeof slideSchema>;

/** The rich text of a slide per screen: `htmls` wins over `html`. */
export function slideHtml(slide: SlideOptions): { desktop: string; mobile: string } {
  return isRecord(slide.content.htmls) ? perScreenHtml.parse(slide.content.htmls) : slide.content.html;
}

/**
 * The slide's picture per screen: `images` per screen, else `image` (one reference or per screen);
 * tablet falls back to desktop, mobile to `imageMobile`, then to tablet.
 */
export function slideImages(images: ImageMap, slide: SlideOptions) {
  const { content } = slide;
  const isPerScreen = (value: unknown): value is Record<string, unknown> =>
    isRecord(value) && ['desktop', 'tablet', 'mobile'].some((screen) => screen in value);
  const perScreen = isPerScreen(content.images) ? content.images : isPerScreen(content.image) ? content.image : null;
  const desktop = resolveImage(images, perScreen ? perScreen['desktop'] : content.image);
  const tablet = (perScreen && resolveImage(images, perScreen['tablet'])) || desktop;
  const mobile = resolveImage(images, content.imageMobile) || (perScreen && resolveImage(images, perScreen['mobile'])) || tablet;
  return { desktop, tablet, mobile };
}

/** True when the slide shows something. */
export function slideHasContent(images: ImageMap, slide: SlideOptions): boolean {
  const html = slideHtml(slide);
  const pictures = slideImages(images, slide);
  return Boolean(
    pictures.desktop || pictures.mobile || slide.heading.title || slide.content.text || slide.content.tag || html.desktop || html.mobile,
  );
}

export default defineSection({
  schema: sliderSchema,
  item: slideSchema,
  hasContent: ({ items, context }) => items.some((item) => slideHasContent(context.images, item.options)),
  fields: [
    field.toggle('autoplay.enabled'),
    field.number('autoplay.speed', 1000, 60_000),
    field.number('height.desktop', 200, 1200),
    field.number('height.mobile', 200, 1200),
  ],
  itemFields: [
    field.image('content.image'),
    field.image('content.imageMobile'),
    field.text('content.alt'),
    field.text('content.tag'),
    field.text('heading.title'),
    field.richText('content.html'),
    field.select('content.alignHorizontal', ALIGNMENTS),
    field.select('content.alignVertical', VERTICAL_ALIGNMENTS),
    field.colour('content.colorText'),
    field.colour('content.background'),
    field.number('content.opacity', 0, 100),
    field.toggle('button.isShow'),
    field.text('button.text'),
    field.link('button.link'),
  ],
  presets: [
    preset('default', {}, [
      {
        heading: headingOf('Summer collection', 'Летняя коллекция'),
        content: { text: stored('Light linen for warm days', 'Лёгкий лён для тёплых дней') },
        button: { isShow: true, text: stored('Shop now', 'В каталог'), link: '/' },
      },
      { heading: headingOf('Free delivery', 'Бесплатная доставка'), content: { text: stored('On orders over 50', 'На заказы от 50') } },
    ]),
  ],
});
