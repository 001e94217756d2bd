/**
 * The product gallery's lightbox, loaded only when the shopper opens a picture (a dynamic import from
 * buy-box.ts): PhotoSwipe 5 shows the pictures full screen with pinch, double-tap and click zoom, swipes and
 * arrow keys between them, a counter, focus kept inside and given back on closing, and Escape to close.
 */
import PhotoSwipe from 'photoswipe';
import 'photoswipe/style.css';
import type { LightboxSlide } from './product-view';

export interface LightboxTexts {
  close: string;
  zoom: string;
  previous: string;
  next: string;
  error: string;
  of: string;
  /** the dialog's name (the product's pictures) */
  title: string;
}

/** Opens the lightbox on `slides[index]`; resolves once it has closed. */
export function openLightbox(slides: readonly LightboxSlide[], index: number, texts: LightboxTexts): Promise<void> {
  const lightbox = new PhotoSwipe({
    dataSource: slides.map((slide) => ({ ...slide })),
    index,
    closeTitle: texts.close,
    zoomTitle: texts.zoom,
    arrowPrevTitle: texts.previous,
    arrowNextTitle: texts.next,
    errorMsg: texts.error,
    indexIndicatorSep: ` ${texts.of} `,
    showHideAnimationType: 'fade',
    bgOpacity: 0.94,
    // a click (desktop) or a double tap (phone) zooms in, the next one out; pinching zooms freely
    imageClickAction: 'zoom',
    doubleTapAction: 'zoom',
    tapAction: 'toggle-controls',
    secondaryZoomLevel: (zoom) => Math.max(1, zoom.initial * 2.5),
    maxZoomLevel: (zoom) => Math.max(2, zoom.initial * 4),
    wheelToZoom: false,
  });
  lightbox.on('firstUpdate', () => {
    lightbox.element?.setAttribute('aria-label', texts.title);
  });
  const closed = new Promise<void>((resolve) => lightbox.on('destroy', () => resolve()));
  lightbox.init();
  return closed;
}
