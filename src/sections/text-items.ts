import type { z } from 'zod';
import { buttonSchema, contentSchema, frameHasContent, sectionSchema } from './common-options';
import { defineSection } from './context';
import { contentFields, templateFields, textItemFields, type SectionPreset } from './editor';
import { layoutsSchema, type LayoutDefaults } from './layout';
import { hasRichContent } from './rich-text';
import { color, lenientObject, raw, text } from './schema-kit';
import type { PerScreen } from './screens';

/**
 * An item of the text block sections (spec 3.4 text-grid item): heading title, rich text, picture,
 * card background, button and link. Items that would show nothing are dropped.
 */
export const textItemSchema = lenientObject({
  heading: lenientObject({ title: text(), color: color() }),
  content: lenientObject({ html: text(), image: raw(), alt: text(), background: color() }),
  button: buttonSchema,
  link: raw(),
}).refine((item) => item.heading.title !== '' || hasRichContent(item.content.html) || item.content.image !== null);
export type TextItem = z.output<typeof textItemSchema>;

/**
 * The definition of a section showing rich text and text items in an item layout. With
 * `itemsRequired` it shows only when it has items, else also for its text or heading alone.
 */
export function textItemsSection(layouts: PerScreen<LayoutDefaults>, presets: SectionPreset[], { itemsRequired = false } = {}) {
  return defineSection({
    schema: sectionSchema({ content: contentSchema, template: layoutsSchema(layouts) }),
    item: textItemSchema,
    hasContent: ({ options, items }) =>
      items.length > 0 || (!itemsRequired && (frameHasContent(options) || hasRichContent(options.content.html))),
    fields: [...contentFields, ...templateFields],
    itemFields: textItemFields,
    presets,
  });
}
export type TextItemsDefinition = ReturnType<typeof textItemsSection>;

/**
 * Looks of a text item: card (picture on top), outline (bordered cell), tile (picture filling the
 * cell, text over it), hover (a tile whose text appears on hover or focus), stat (a large figure with
 * a caption), benefit (an icon, title and text).
 */
export type TextItemVariant = 'card' | 'outline' | 'tile' | 'hover' | 'stat' | 'benefit';
