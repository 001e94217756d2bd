import KeenSlider, { type KeenSliderInstance } from 'keen-slider';
import type { ItemLayout, ItemLayouts } from '../../sections/layout';
import { SCREEN_MEDIA, SCREENS } from '../../sections/screens';

/**
 * Turns a server-rendered items container into a keen-slider carousel on the screens whose layout is
 * a carousel, and back into the plain layout on the others. Before this runs, the CSS scroll-snap
 * layout of `ItemsLayout.astro` already shows the items as a swipeable row.
 */

export type CarouselLabels = { previous: string; next: string; slide: string; slides: string };
export type CarouselConfig = {
  layouts: ItemLayouts;
  labels: CarouselLabels;
};

const READY = 'data-slider-ready';

function currentLayout(layouts: ItemLayouts): ItemLayout {
  const screen = SCREENS.find((s) => window.matchMedia(SCREEN_MEDIA[s]).matches) ?? 'desktop';
  return layouts[screen];
}

/** Slides of `rows` items each, when a carousel shows several rows. */
function groupIntoSlides(container: HTMLElement, rows: number): void {
  const cells = [...container.children] as HTMLElement[];
  for (let i = 0; i < cells.length; i += rows) {
    const group = document.createElement('div');
    group.className = 'items__group';
    group.append(...cells.slice(i, i + rows));
    container.append(group);
  }
}

function ungroup(container: HTMLElement): void {
  for (const group of [...container.querySelectorAll<HTMLElement>(':scope > .items__group')]) group.replaceWith(...group.children);
}

function button(className: string, text: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.setAttribute('aria-label', text);
  element.addEventListener('click', onClick);
  return element;
}

function createControls(slider: KeenSliderInstance, layout: ItemLayout, labels: CarouselLabels): HTMLElement[] {
  const controls: HTMLElement[] = [];
  if (layout.arrows) {
    controls.push(
      button('carousel__arrow carousel__arrow--prev', labels.previous, () => slider.prev()),
      button('carousel__arrow carousel__arrow--next', labels.next, () => slider.next()),
    );
  }
  if (layout.dots) {
    const dots = document.createElement('div');
    dots.className = 'carousel__dots';
    dots.setAttribute('role', 'group');
    dots.setAttribute('aria-label', labels.slides);
    const details = slider.track.details;
    const count = details ? (layout.infinite ? details.slides.length : details.maxIdx + 1) : 0;
    for (let i = 0; i < count; i += 1) dots.append(button('carousel__dot', `${labels.slide} ${i + 1}`, () => slider.moveToIdx(i)));
    controls.push(dots);
  }
  return controls;
}

function syncState(slider: KeenSliderInstance, layout: ItemLayout, host: HTMLElement): void {
  // keen-slider has no details while the container has no size (hidden, or not laid out yet)
  if (!slider.track.details) return;
  const { rel, maxIdx } = slider.track.details;
  host.querySelectorAll('.carousel__dot').forEach((dot, i) => dot.setAttribute('aria-current', String(i === rel)));
  if (!layout.infinite) {
    host.querySelector('.carousel__arrow--prev')?.toggleAttribute('disabled', rel === 0);
    host.querySelector('.carousel__arrow--next')?.toggleAttribute('disabled', rel >= maxIdx);
  }
  if (layout.adaptiveHeight) {
    const height = slider.slides[rel]?.offsetHeight;
    if (height) slider.container.style.height = `${height}px`;
  }
}

function perView(container: HTMLElement, layout: ItemLayout): () => number {
  return () => {
    const padding = layout.centerMode ? layout.centerPadding : 0;
    if (padding === 0) return layout.columns;
    const width = container.clientWidth;
    const slideWidth = (width - 2 * padding - (layout.columns - 1) * layout.gap) / layout.columns;
    return slideWidth > 0 ? (width + layout.gap) / (slideWidth + layout.gap) : layout.columns;
  };
}

/** Mounts the carousel inside `host`; the returned function undoes it. */
export function mountCarousel(host: HTMLElement, config: CarouselConfig): () => void {
  const container = host.querySelector<HTMLElement>('[data-items]');
  if (!container) return () => {};
  let slider: KeenSliderInstance | null = null;
  let controls: HTMLElement[] = [];

  const teardown = () => {
    slider?.destroy();
    slider = null;
    for (const control of controls) control.remove();
    controls = [];
    ungroup(container);
    container.removeAttribute(READY);
    container.style.height = '';
  };

  const setup = () => {
    teardown();
    const layout = currentLayout(config.layouts);
    // All items fit on one page: the CSS layout shows them, no slider needed.
    if (layout.type !== 'carousel' || container.children.length <= layout.columns * layout.rows) return;
    if (layout.rows > 1) groupIntoSlides(container, layout.rows);
    container.setAttribute(READY, '');
    const instance = new KeenSlider(container, {
      // keen-slider takes an array or NodeList here, not an HTMLCollection
      selector: (element: HTMLElement) => [...element.children] as HTMLElement[],
      loop: layout.infinite,
      drag: layout.swipe,
      defaultAnimation: { duration: layout.speed },
      slides: { perView: perView(container, layout), spacing: layout.gap, origin: layout.centerMode ? 'center' : 'auto' },
      slideChanged: (s) => syncState(s, layout, host),
    });
    slider = instance;
    controls = createControls(instance, layout, config.labels);
    host.append(...controls);
    syncState(instance, layout, host);
  };

  const queries = SCREENS.map((screen) => window.matchMedia(SCREEN_MEDIA[screen]));
  for (const query of queries) query.addEventListener('change', setup);
  setup();
  return () => {
    for (const query of queries) query.removeEventListener('change', setup);
    teardown();
  };
}
