import type { ScreenName } from '../lib/screen';

/** The three screens section options are given for, largest first (spec 9: mobile below 568 px, tablet up to 1024 px). */
export const SCREENS = ['desktop', 'tablet', 'mobile'] as const satisfies readonly ScreenName[];

export type PerScreen<T> = Record<ScreenName, T>;

/** Media queries of the screens below desktop, for the few places that need them outside CSS. */
export const SCREEN_MEDIA: PerScreen<string> = {
  desktop: '(min-width: 1025px)',
  tablet: '(min-width: 568px) and (max-width: 1024px)',
  mobile: '(max-width: 567px)',
};
