import { columnsOf, type ItemLayouts } from './layout';
import { SCREENS } from './screens';

/**
 * How wide the picture of one item is in an items layout: the width to request on the widest screen
 * and the `sizes` attribute telling the browser the width on each screen, so that it picks a
 * suitable candidate of the srcset.
 */

/** Spec 9: content width 1170 px; the frame keeps 20 px at each side. */
const CONTENT_WIDTH = 1170;
const FRAME_GUTTER = 20;
/** The widest viewport of each screen below desktop. */
const SCREEN_MAX = { tablet: 1024, mobile: 567 } as const;

function itemWidth(available: number, layouts: ItemLayouts, screen: keyof ItemLayouts): number {
  const layout = layouts[screen];
  const columns = columnsOf(layout);
  return Math.ceil((available - (columns - 1) * layout.gap) / columns);
}

/** The item picture's width in CSS px on the widest desktop and the sizes of every screen. */
export function itemImageBox(layouts: ItemLayouts, contentWidth = CONTENT_WIDTH): { width: number; sizes: string } {
  const desktopWidth = itemWidth(contentWidth - 2 * FRAME_GUTTER, layouts, 'desktop');
  const smaller = SCREENS.filter((screen) => screen !== 'desktop').map((screen) => {
    const layout = layouts[screen];
    const columns = columnsOf(layout);
    const gaps = 2 * FRAME_GUTTER + (columns - 1) * layout.gap;
    return `(max-width: ${SCREEN_MAX[screen]}px) calc((100vw - ${gaps}px) / ${columns})`;
  });
  // the mobile query comes first: the browser takes the first that matches
  return { width: desktopWidth, sizes: [...smaller.reverse(), `${desktopWidth}px`].join(', ') };
}
