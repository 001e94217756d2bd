import KeenSlider, { type KeenSliderInstance, type KeenSliderPlugin, type TrackDetails } from 'keen-slider';

/**
 * The hero slider's behaviour (spec 2.9, 9): one slide at a time in a loop, arrows, dots, adaptive
 * height and autoplay. Before this runs the slides form a row the visitor can swipe through, with the
 * first slide showing, so the slider works without JavaScript. The arrows and dots are those of the
 * items carousel (items-layout.css).
 */

export type SlideshowLabels = { previous: string; next: string; slides: string; slideOf: string; pause: string; play: string };
export type SlideshowConfig = {
  /** ms between slides; null: no autoplay */
  autoplayMs: number | null;
  labels: SlideshowLabels;
};

const READY = 'data-slider-ready';
const ANIMATION_MS = 500;

const fill = (template: string, index: number, count: number) =>
  template.replace(/\{\{?index\}?\}/, String(index)).replace(/\{\{?count\}?\}/, String(count));

/**
 * Moves on every `delay` ms. It waits while the pointer is over the slider, while it has the focus,
 * while the page is hidden and after the visitor paused it; the visitor's own moves restart the wait.
 */
function autoplay(delay: number, isPaused: () => boolean): KeenSliderPlugin {
  return (slider) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hovered = false;
    let focused = false;
    let destroyed = false;
    const schedule = () => {
      clearTimeout(timer);
      if (destroyed || hovered || focused || document.hidden || isPaused()) return;
      timer = setTimeout(() => move(slider, (details) => details.abs + 1), delay);
    };
    const listeners = new AbortController();
    const on = (target: EventTarget, event: string, handler: () => void) =>
      target.addEventListener(event, handler, { signal: listeners.signal });
    slider.on('created', () => {
      const root = slider.container;
      on(root, 'mouseenter', () => {
        hovered = true;
        schedule();
      });
      on(root, 'mouseleave', () => {
        hovered = false;
        schedule();
      });
      on(root, 'focusin', () => {
        focused = true;
        schedule();
      });
      on(root, 'focusout', () => {
        focused = false;
        schedule();
      });
      on(document, 'visibilitychange', schedule);
      on(root, 'slideshow:toggle', schedule);
      schedule();
    });
    slider.on('dragStarted', () => clearTimeout(timer));
    slider.on('animationEnded', schedule);
    slider.on('updated', schedule);
    slider.on('destroyed', () => {
      destroyed = true;
      clearTimeout(timer);
      listeners.abort();
    });
  };
}

/**
 * Moves to the slide `target` picks from the current position. keen-slider has no track details
 * while it has no slides to measure (its own next() and prev() then throw); the move then waits.
 */
function move(slider: KeenSliderInstance, target: (details: TrackDetails) => number): void {
  const { details } = slider.track;
  if (details) slider.moveToIdx(target(details), true);
}

function control(className: string, text: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.setAttribute('aria-label', text);
  element.addEventListener('click', onClick);
  return element;
}

/** Lets the next slide's pictures load before it slides in. */
function preloadNext(slider: KeenSliderInstance): void {
  if (!slider.track.details) return;
  const next = slider.slides[(slider.track.details.rel + 1) % slider.slides.length];
  next?.querySelectorAll('img[loading="lazy"]').forEach((img) => img.setAttribute('loading', 'eager'));
}

function sync(slider: KeenSliderInstance, host: HTMLElement, labels: SlideshowLabels): void {
  // no details while the slides have no size yet (the slider is hidden)
  if (!slider.track.details) return;
  const { rel } = slider.track.details;
  const count = slider.slides.length;
  slider.slides.forEach((slide, i) => {
    slide.setAttribute('aria-hidden', String(i !== rel));
    slide.toggleAttribute('inert', i !== rel);
    slide.setAttribute('aria-label', fill(labels.slideOf, i + 1, count));
  });
  host.querySelectorAll('.carousel__dot').forEach((dot, i) => dot.setAttribute('aria-current', String(i === rel)));
  const height = slider.slides[rel]?.offsetHeight;
  if (height) slider.container.style.height = `${height}px`;
  preloadNext(slider);
}

/** Mounts the slideshow on the `[data-slides]` container inside `host`; the returned function undoes it. */
export function mountSlideshow(host: HTMLElement, config: SlideshowConfig): () => void {
  const container = host.querySelector<HTMLElement>('[data-slides]');
  if (!container || container.children.length < 2) return () => {};
  const { labels } = config;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const delay = reducedMotion ? null : config.autoplayMs;
  let paused = false;

  container.setAttribute(READY, '');
  container.scrollLeft = 0;
  const slider = new KeenSlider(
    container,
    {
      // keen-slider takes an array or a NodeList, not an HTMLCollection
      selector: (element: HTMLElement) => [...element.children] as HTMLElement[],
      loop: true,
      defaultAnimation: { duration: ANIMATION_MS },
      created: (s) => sync(s, host, labels),
      slideChanged: (s) => sync(s, host, labels),
    },
    delay ? [autoplay(delay, () => paused)] : [],
  );

  const controls: HTMLElement[] = [
    control('carousel__arrow carousel__arrow--prev', labels.previous, () => move(slider, (details) => details.abs - 1)),
    control('carousel__arrow carousel__arrow--next', labels.next, () => move(slider, (details) => details.abs + 1)),
  ];
  const dots = document.createElement('div');
  dots.className = 'carousel__dots slideshow__dots';
  dots.setAttribute('role', 'group');
  dots.setAttribute('aria-label', labels.slides);
  slider.slides.forEach((_, i) =>
    dots.append(control('carousel__dot', fill(labels.slideOf, i + 1, slider.slides.length), () => slider.moveToIdx(i))),
  );
  controls.push(dots);
  if (delay) {
    const toggle = control('slideshow__toggle', labels.pause, () => {
      paused = !paused;
      toggle.setAttribute('aria-label', paused ? labels.play : labels.pause);
      toggle.setAttribute('aria-pressed', String(paused));
      container.dispatchEvent(new Event('slideshow:toggle'));
    });
    toggle.setAttribute('aria-pressed', 'false');
    controls.push(toggle);
  }
  host.append(...controls);
  sync(slider, host, labels);

  const onResize = () => sync(slider, host, labels);
  window.addEventListener('resize', onResize);
  return () => {
    window.removeEventListener('resize', onResize);
    slider.destroy();
    for (const element of controls) element.remove();
    container.removeAttribute(READY);
    container.style.height = '';
    for (const slide of [...container.children]) {
      slide.removeAttribute('aria-hidden');
      slide.removeAttribute('inert');
    }
  };
}
