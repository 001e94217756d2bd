/** Screen constants of spec 9 and the screen name of spec 4. */

export type ScreenName = 'mobile' | 'tablet' | 'desktop';

/** Reference device widths in px. */
export const DEVICE_WIDTHS: Readonly<Record<ScreenName, number>> = { desktop: 1920, tablet: 1024, mobile: 414 };

/** Layout breakpoints in px. */
export const BREAKPOINTS = { xs: 576, sm: 768, md: 996, lg: 1200, xl: 1367, xxl: 1600 } as const;

/** Widths below this are mobile. */
export const MOBILE_BELOW = 568;
/** Widths up to and including this (and not mobile) are tablet. */
export const TABLET_UP_TO = 1024;

/** Slider image widths per screen; the mobile image is requested at 567 px. */
export const SLIDER_IMAGE_WIDTHS = { desktop: 1920, tablet: 1024, mobile: 567 } as const;

/** Horizontal padding taken from the screen width by mobile content. */
const MOBILE_CONTENT_INSET = 40;

export function screenName(width: number): ScreenName {
  if (width < MOBILE_BELOW) return 'mobile';
  if (width <= TABLET_UP_TO) return 'tablet';
  return 'desktop';
}

export function mobileContentWidth(screenWidth: number): number {
  return Math.max(0, screenWidth - MOBILE_CONTENT_INSET);
}
