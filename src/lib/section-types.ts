/**
 * Every section type the page renderer knows (spec 2.9). Stored in `sections.type`.
 *
 * Options follow spec 3.4:
 *   options.section / options.container: { width: 'full' | 'content', background: 'none' | 'white' | 'grey' | 'light' | 'middle' | 'dark' | { image: imageId },
 *     padding: { desktop: { top, bottom }, tablet: {...}, mobile: {...} }, border: { width, radius, color },
 *     shadow: { color, opacity (percent), offsetX, offsetY, blur, spread } }
 *   options.heading: { title, fontStyleTitle, colorTitle, note, align }
 *   options.content: { html, image (imageId), alt, imageBorderRadius, orderMobile: 'imageFirst' | 'textFirst', media?: {...} }
 *   options.footer: { note, colorNote, textAlign, button: { isShow, text, defaultComment, link } }
 *   options.template: { desktop: Layout, tablet: Layout, mobile: Layout } where Layout is
 *     { type: 'list' | 'grid' | 'centeredColumns' | 'carousel' | 'masonry', columns?, template?, gap?, align?, arrows?, dots?, infinite?, speed?, rows?, centerMode?, centerPadding?, adaptiveHeight? }
 *   options.htmlBefore, options.htmlAfter
 * Items: [{ id, options: { heading: { title }, content: { html, image, alt, background }, button: {...}, ... } }].
 * Any text shown to customers is stored as { en, ru } and served in the shop language.
 * Button links: a plain string, or { type: 'external' | 'page' | 'catalog' | 'product' | 'category' | 'article', url, variation? }.
 */
export const SECTION_TYPES = [
  'SectionHeadingH1',
  'SectionBreadcrumbs',
  'SectionProductWidget',
  'SectionProductWidgetByItems',
  'SectionProductList',
  'SectionSlider',
  'SectionTextBlockBase',
  'SectionTextBlockSimple',
  'SectionTextBlockWithItems',
  'SectionTextBlockCustomGrid',
  'SectionTextBlockChessGrid',
  'SectionTextBlockPictureRight',
  'SectionTextBlockPictureLeft',
  'SectionTextBlockPictureCenter',
  'SectionTextBlockMasonryGallery',
  'SectionTextBlockStyle1',
  'SectionTextBlockStyle2',
  'SectionTextBlockGrid',
  'SectionForm1',
  'SectionForm2',
  'SectionFaq',
  'SectionHoverTextWithBackground',
  'SectionCategory',
  'SectionLogoGallery',
  'SectionGallery1',
  'SectionGallery2',
  'SectionGallery3',
  'SectionGalleryBase',
  'SectionBenefit',
  'SectionContacts1',
  'SectionContacts2',
  'SectionContacts3',
  'SectionContactsWithForm',
  'SectionProperty',
  'SectionTestimonial',
  'SectionBanner1',
  'SectionBanner2',
  'SectionMediaList',
  'SectionMediaWidget',
  'SectionMediaTagsList',
  'SectionMediaTableOfContents',
  'SectionMediaAuthors',
  'SectionMediaComments',
  'SectionPricingPlans',
] as const;

export type SectionType = (typeof SECTION_TYPES)[number];
