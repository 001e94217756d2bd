// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountSlideshow, type SlideshowConfig } from '../../src/components/sections/slideshow';

/**
 * keen-slider has no track details while it has no slides to measure (here: the slides are taken
 * away, as when the section is re-rendered); autoplay, arrows and dots must then wait, not throw.
 */
const config: SlideshowConfig = {
  autoplayMs: 1000,
  labels: { previous: 'Previous', next: 'Next', slides: 'Slides', slideOf: 'Slide {index} of {count}', pause: 'Pause', play: 'Play' },
};

function slideshowHost(count: number): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = `<div data-slides>${'<div class="slide">slide</div>'.repeat(count)}</div>`;
  document.body.append(host);
  return host;
}

describe('slideshow without track details', () => {
  const errors: unknown[] = [];
  const onError = (event: ErrorEvent) => errors.push(event.error);

  beforeEach(() => {
    vi.useFakeTimers();
    errors.length = 0;
    window.addEventListener('error', onError);
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.removeEventListener('error', onError);
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('lets autoplay, arrows and dots wait without errors while there are no slides', () => {
    const host = slideshowHost(3);
    const unmount = mountSlideshow(host, config);
    expect(host.querySelector('[data-slides]')!.hasAttribute('data-slider-ready')).toBe(true);
    expect(host.querySelectorAll('.carousel__dot')).toHaveLength(3);
    host.querySelector('[data-slides]')!.replaceChildren();
    window.dispatchEvent(new Event('resize'));
    expect(() => vi.advanceTimersByTime(5000)).not.toThrow();
    for (const control of host.querySelectorAll<HTMLButtonElement>('.carousel__arrow, .carousel__dot'))
      expect(() => control.click()).not.toThrow();
    unmount();
    expect(host.querySelector('.carousel__dot')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('stops autoplay once unmounted, even when the pointer leaves the slides afterwards', () => {
    const host = slideshowHost(2);
    const container = host.querySelector('[data-slides]')!;
    mountSlideshow(host, config)();
    const timersLeft = vi.getTimerCount();
    container.dispatchEvent(new MouseEvent('mouseenter'));
    container.dispatchEvent(new MouseEvent('mouseleave'));
    container.dispatchEvent(new FocusEvent('focusout'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(vi.getTimerCount()).toBe(timersLeft);
  });
});
