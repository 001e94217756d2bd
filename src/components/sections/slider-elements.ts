/**
 * The item carousels (`<items-carousel>`, ItemsLayout.astro) and the hero slideshow (`<hero-slideshow>`,
 * SectionSlider.astro) as custom elements, without React: the server renders the items and the element's
 * configuration (`data-config`, JSON); once the element comes into view, keen-slider and the mounting
 * code (carousel.ts, slideshow.ts) load and take the items over. Until then, and without JavaScript, the
 * items are a row the visitor scrolls with CSS scroll snapping. An element inserted later (the builder's
 * preview) mounts itself the same way; a removed one is unmounted.
 */

type Mount = (host: HTMLElement, config: never) => () => void;

function sliderElement(load: () => Promise<Mount>) {
  return class extends HTMLElement {
    #undo: (() => void) | undefined;

    connectedCallback(): void {
      const config: unknown = JSON.parse(this.dataset['config'] ?? 'null');
      if (!config) return;
      let active = true;
      let unmount: (() => void) | undefined;
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load().then((mount) => {
          if (active) unmount = mount(this, config as never);
        });
      });
      observer.observe(this);
      this.#undo = () => {
        active = false;
        observer.disconnect();
        unmount?.();
      };
    }

    disconnectedCallback(): void {
      this.#undo?.();
      this.#undo = undefined;
    }
  };
}

const elements: [string, () => Promise<Mount>][] = [
  ['items-carousel', () => import('./carousel').then((module) => module.mountCarousel as Mount)],
  ['hero-slideshow', () => import('./slideshow').then((module) => module.mountSlideshow as Mount)],
];
for (const [name, load] of elements) if (!customElements.get(name)) customElements.define(name, sliderElement(load));
