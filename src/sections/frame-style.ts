import type { ContainerOptions } from './common-options';
import { SCREENS } from './screens';

/** The section frame's stored options turned into CSS (spec 2.9, 3.4). */

/** A percent opacity (0 to 100) as the two hex digits of a colour's alpha: 50 -> '80', 100 -> 'ff'. */
export function opacityToHexAlpha(percent: number): string {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  return Math.round((clamped / 100) * 255)
    .toString(16)
    .padStart(2, '0');
}

/** `#rgb` and `#rrggbb` with the given alpha; other colour notations are used as they are. */
export function withAlpha(color: string, percent: number): string {
  const short = /^#([\da-f])([\da-f])([\da-f])$/i.exec(color);
  const hex = short ? `#${short[1]!.repeat(2)}${short[2]!.repeat(2)}${short[3]!.repeat(2)}` : color;
  return /^#[\da-f]{6}$/i.test(hex) ? `${hex}${opacityToHexAlpha(percent)}` : hex;
}

/** The CSS box-shadow of the frame, or null when the shadow is invisible. */
export function shadowValue(shadow: ContainerOptions['shadow']): string | null {
  if (shadow.opacity === 0) return null;
  const { offsetX, offsetY, blur, spread } = shadow;
  if (offsetX === 0 && offsetY === 0 && blur === 0 && spread === 0) return null;
  return `${offsetX}px ${offsetY}px ${blur}px ${spread}px ${withAlpha(shadow.color ?? '#000000', shadow.opacity)}`;
}

/**
 * Custom properties of the frame's root element. The section's stylesheet reads the padding of the
 * screen in use; border, radius and shadow only when they are set.
 */
export function frameStyle(container: ContainerOptions): Record<string, string> {
  const style: Record<string, string> = {};
  for (const screen of SCREENS) {
    style[`--section-pt-${screen}`] = `${container.padding[screen].top}px`;
    style[`--section-pb-${screen}`] = `${container.padding[screen].bottom}px`;
  }
  if (container.border.width > 0) {
    style['--section-border'] = `${container.border.width}px solid ${container.border.color ?? 'currentColor'}`;
  }
  if (container.border.radius !== null) style['--section-radius'] = `${container.border.radius}px`;
  const shadow = shadowValue(container.shadow);
  if (shadow) style['--section-shadow'] = shadow;
  return style;
}
