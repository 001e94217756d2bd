/**
 * The item carousels (`<items-carousel>`, ItemsLayout.astro) and the hero slideshow (`<hero-slideshow>`,
 * SectionSlider.astro) as custom elements, without React: the server renders the items and the element's
 * configuration (`data-config`, JSON); once the element comes into view, keen-slider and the mounting
 * code (carousel.ts, slideshow.ts) load and take the items over, not during the page's load but once the
 * browser is idle after it, or at once when the visitor first reaches for the element (pointer, touch, focus):
 * mounting measures the slides, a forced layout that would otherwise lengthen the load's main-thread work
 * (the hero is in view from the start). Until then, and without JavaScript, the items are a row the visitor
 * scrolls with CSS scroll snapping, the first slide showing; the arrows and dots added later are positioned
 * over the items, so nothing shifts. An element inserted later (the builder's
 * preview) mounts itself the same way; a removed one is unmounted.
 */

type Mount = (host: HTMLElement, config: never) => () => void;

const REACH = ['pointerenter', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** Longest wait for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * Calls `run` once: after the page's load event when the browser is idle, or when the visitor first
 * reaches for `host`, whichever comes first. The returned function cancels it.
 */
function whenCalm(host: HTMLElement, run: () => void): () => void {
  const listeners = new AbortController();
  let stopIdle: (() => void) | undefined;
  const fire = () => {
    cancel();
    run();
  };
  const cancel = () => {
    listeners.abort();
    stopIdle?.();
  };
  for (const event of REACH) host.addEventListener(event, fire, { signal: listeners.signal, passive: true });
  const onLoaded = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(fire, { timeout: IDLE_TIMEOUT_MS });
      stopIdle = () => window.cancelIdleCallback(id);
    } else {
      const timer = setTimeout(fire, 1);
      stopIdle = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') onLoaded();
  else window.addEventListener('load', onLoaded, { signal: listeners.signal, once: true });
  return cancel;
}

function sliderElement(load: () => Promise<Mount>) {
  return class extends HTMLElement {
    #undo: (() => void) | undefined;

    connectedCallback(): void {
      const config: unknown = JSON.parse(this.dataset['config'] ?? 'null');
      if (!config) return;
      let active = true;
      let unmount: (() => void) | undefined;
      let cancelWait: (() => void) | undefined;
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        cancelWait = whenCalm(this, () => {
          void load().then((mount) => {
            if (active) unmount = mount(this, config as never);
          });
        });
      });
      observer.observe(this);
      this.#undo = () => {
        active = false;
        observer.disconnect();
        cancelWait?.();
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
