import { randomUUID } from 'node:crypto';
import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { createContainer } from './astro-container';
import reactRenderer from '@astrojs/react/server.js';
import { JSDOM } from 'jsdom';
import type { ImageDto, SectionDto } from '../../src/lib/api-client';
import SectionRenderer from '../../src/components/sections/SectionRenderer.astro';
import type { SectionContext } from '../../src/sections/context';

/** Fixtures and helpers of the section rendering tests: sections are rendered as the page renders them. */

export function image(overrides: Partial<ImageDto> = {}): ImageDto {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    name: `${id}.jpg`,
    alt: 'Stored alt',
    title: '',
    uri: `/media/test/${id}.jpg`,
    mime: 'image/jpeg',
    width: 2400,
    height: 1600,
    extension: 'jpg',
    size: 1000,
    createdAt: '2025-01-01T00:00:00.000Z',
    type: 'image',
    dir: 'test',
    ...overrides,
  };
}

export function section(type: string, options: Record<string, unknown> = {}, items: Record<string, unknown>[] = []): SectionDto {
  return {
    id: randomUUID(),
    type,
    position: 0,
    required: false,
    group: null,
    enable: true,
    hidden: false,
    options,
    items: items.map((item) => ({ id: randomUUID(), options: item })),
    styles: {},
  };
}

export function context(overrides: Partial<SectionContext> & { imageList?: ImageDto[] } = {}): SectionContext {
  const { imageList = [], ...rest } = overrides;
  return {
    settings: null,
    siteUrl: 'https://shop.example',
    lang: 'en',
    currency: 'USD',
    priceSeparator: 'comma',
    images: new Map(imageList.map((i) => [i.id, i])),
    page: {},
    ...rest,
  };
}

let container: AstroContainer | null = null;

export async function renderSections(
  sections: SectionDto[],
  sectionContext: SectionContext = context(),
  firstIndex = 0,
): Promise<Document> {
  container ??= await createContainer();
  container.addServerRenderer({ renderer: reactRenderer, name: '@astrojs/react' });
  container.addClientRenderer({ name: '@astrojs/react', entrypoint: '@astrojs/react/client.js' });
  const html = await container.renderToString(SectionRenderer, { props: { sections, context: sectionContext, firstIndex } });
  return new JSDOM(`<!doctype html><body>${html}</body>`).window.document;
}

/** Renders one section and returns its root element, or null when it is not rendered. */
export async function renderSection(one: SectionDto, sectionContext?: SectionContext): Promise<HTMLElement | null> {
  const document = await renderSections([one], sectionContext);
  return document.getElementById(`section-${one.id}`);
}

export const texts = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)].map((e) => e.textContent?.trim() ?? '');
