import { mix } from './colour';
import { drawShape, VERTICAL_SPAN, type ShapeKind } from './shapes';

/** Whole pictures composed from the product silhouettes: product shots, slides, banners, covers and logos. */

const FONT = 'DejaVu Sans, Helvetica, Arial, sans-serif';
const BRAND = 'NORTHFOLD';

export type Placement = { kind: ShapeKind; colour: string; x: number; floor: number; scale: number };
export type Backdrop = { from: string; to: string };
/** Decoration behind the items: a low sun, an arch, diagonal bands or soft blobs. */
export type Decor = 'sun' | 'arch' | 'bands' | 'blobs';

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const svg = (width: number, height: number, defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
  `<defs>${defs}</defs>${body}</svg>`;

/** Items standing on their floor line (`floor` is where the drawing's bottom edge lands) with a soft contact shadow. */
function placeItems(items: Placement[]): { defs: string; body: string } {
  // A radial gradient rather than a blur filter: blurring makes rendering several times slower.
  let defs =
    '<radialGradient id="shadow"><stop offset="0" stop-color="#000000" stop-opacity="0.22"/>' +
    '<stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>';
  let body = '';
  items.forEach((item, index) => {
    const shape = drawShape(item.kind, item.colour, String(index));
    defs += shape.defs;
    const left = item.x - 200 * item.scale;
    const top = item.floor - VERTICAL_SPAN[item.kind][1] * item.scale;
    body +=
      `<ellipse cx="${item.x}" cy="${item.floor}" rx="${150 * item.scale}" ry="${16 * item.scale}" fill="url(#shadow)"/>` +
      `<g transform="translate(${left} ${top}) scale(${item.scale})">${shape.body}</g>`;
  });
  return { defs, body };
}

function decorate(decor: Decor, width: number, height: number, tint: string): string {
  const soft = mix(tint, '#ffffff', 0.35);
  switch (decor) {
    case 'sun':
      return (
        `<circle cx="${width * 0.68}" cy="${height * 0.46}" r="${height * 0.36}" fill="${soft}" opacity="0.7"/>` +
        `<circle cx="${width * 0.9}" cy="${height * 0.16}" r="${height * 0.08}" fill="${soft}" opacity="0.5"/>`
      );
    case 'arch': {
      const w = height * 0.6;
      const x = width * 0.66 - w / 2;
      return `<path d="M${x} ${height}V${height * 0.45}a${w / 2} ${w / 2} 0 0 1 ${w} 0V${height}Z" fill="${soft}" opacity="0.75"/>`;
    }
    case 'bands':
      return [0, 1, 2]
        .map(
          (i) =>
            `<path d="M${width * (0.35 + i * 0.16)} ${height}L${width * (0.55 + i * 0.16)} 0H${width * (0.62 + i * 0.16)}L${width * (0.42 + i * 0.16)} ${height}Z" fill="${soft}" opacity="${0.45 - i * 0.1}"/>`,
        )
        .join('');
    case 'blobs':
      return (
        `<ellipse cx="${width * 0.3}" cy="${height * 0.3}" rx="${width * 0.18}" ry="${height * 0.22}" fill="${soft}" opacity="0.55"/>` +
        `<ellipse cx="${width * 0.75}" cy="${height * 0.62}" rx="${width * 0.22}" ry="${height * 0.26}" fill="${soft}" opacity="0.6"/>`
      );
  }
}

/** A scene: gradient backdrop, decoration, a floor band and items standing on it. */
export function scene(width: number, height: number, backdrop: Backdrop, decor: Decor, items: Placement[], withBrand = false): string {
  const floor = Math.max(...items.map((i) => i.floor));
  const placed = placeItems(items);
  const defs =
    `<linearGradient id="backdrop" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${backdrop.from}"/><stop offset="1" stop-color="${backdrop.to}"/></linearGradient>` +
    `<pattern id="dots" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.6" fill="#ffffff" opacity="0.35"/></pattern>` +
    placed.defs;
  const body =
    `<rect width="${width}" height="${height}" fill="url(#backdrop)"/>` +
    `<rect width="${width * 0.3}" height="${height * 0.45}" fill="url(#dots)"/>` +
    decorate(decor, width, height, backdrop.to) +
    `<rect y="${floor - 4}" width="${width}" height="${height - floor + 4}" fill="${mix(backdrop.to, '#000000', 0.06)}" opacity="0.6"/>` +
    placed.body +
    (withBrand ? brandTag(width - 40, height - 28, Math.max(12, height / 40), 'end') : '');
  return svg(width, height, defs, body);
}

function brandTag(x: number, y: number, size: number, anchor: 'middle' | 'end'): string {
  return `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="${FONT}" font-size="${size}" font-weight="bold" letter-spacing="${size / 3}" fill="#000000" opacity="0.35">${BRAND}</text>`;
}

/** A square product shot: one item centred on a soft studio backdrop, with the brand label. */
export function productShot(kind: ShapeKind, colour: string, backdrop: Backdrop, size = 800): string {
  const [top, bottom] = VERTICAL_SPAN[kind];
  const scale = 0.86;
  const placed = placeItems([{ kind, colour, x: 200, floor: 190 + ((bottom - top) * scale) / 2, scale }]);
  const defs =
    `<radialGradient id="studio" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="${backdrop.from}"/><stop offset="1" stop-color="${backdrop.to}"/></radialGradient>` +
    placed.defs;
  const body =
    `<g transform="scale(${size / 400})"><rect width="400" height="400" fill="url(#studio)"/>` +
    placed.body +
    brandTag(200, 382, 9, 'middle') +
    '</g>';
  return svg(size, size, defs, body);
}

/** A wordmark logo with a folded-mountain glyph on a transparent background. */
export function shopLogo(width: number, height: number, colour: string, withWordmark: boolean): string {
  const glyphSize = height * 0.8;
  const g = (x: number) =>
    `<g transform="translate(${x} ${height * 0.1}) scale(${glyphSize / 100})">` +
    `<path d="M6 86L38 22L58 60L70 42L94 86Z" fill="${colour}"/><path d="M38 22L50 86H6Z" fill="${mix(colour, '#ffffff', 0.3)}"/>` +
    '</g>';
  const wordmark = withWordmark
    ? `<text x="${glyphSize + height * 0.25}" y="${height * 0.66}" font-family="${FONT}" font-size="${height * 0.36}" font-weight="bold" letter-spacing="${height * 0.06}" fill="${colour}">${BRAND}</text>`
    : '';
  return svg(width, height, '', g(withWordmark ? 0 : (width - glyphSize) / 2) + wordmark);
}

/** A partner's wordmark with a simple geometric glyph, for the logo gallery. */
export function partnerLogo(name: string, glyph: 'circle' | 'square' | 'triangle' | 'ring' | 'diamond', colour: string): string {
  const width = 360;
  const height = 160;
  const glyphs = {
    circle: `<circle cx="60" cy="80" r="26" fill="${colour}"/>`,
    square: `<rect x="36" y="56" width="48" height="48" rx="8" fill="${colour}"/>`,
    triangle: `<path d="M60 52L88 104H32Z" fill="${colour}"/>`,
    ring: `<circle cx="60" cy="80" r="22" fill="none" stroke="${colour}" stroke-width="10"/>`,
    diamond: `<path d="M60 50L90 80L60 110L30 80Z" fill="${colour}"/>`,
  };
  return svg(
    width,
    height,
    '',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>${glyphs[glyph]}` +
      `<text x="104" y="92" font-family="${FONT}" font-size="30" font-weight="bold" letter-spacing="2" fill="#33302c">${escapeXml(name)}</text>`,
  );
}
