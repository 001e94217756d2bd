/**
 * A small schematic of a section type, drawn per family of types (slider, questions, gallery, text with a
 * picture, cards, form…) so the add dialog shows what a section looks like without screenshots to keep up.
 */
type Family =
  | 'slider'
  | 'faq'
  | 'gallery'
  | 'pictureLeft'
  | 'pictureRight'
  | 'text'
  | 'cards'
  | 'quote'
  | 'form'
  | 'heading'
  | 'list'
  | 'banner'
  | 'icons';

const FAMILIES: [RegExp, Family][] = [
  [/Slider|Banner|HoverText/, 'slider'],
  [/Faq|TableOfContents/, 'faq'],
  [/Gallery|Logo|Masonry/, 'gallery'],
  [/PictureLeft|ChessGrid/, 'pictureLeft'],
  [/PictureRight|PictureCenter/, 'pictureRight'],
  [/Pricing|Product|Category|Grid/, 'cards'],
  [/Testimonial|Comments|Authors/, 'quote'],
  [/Form|Contacts/, 'form'],
  [/HeadingH1|Breadcrumbs/, 'heading'],
  [/Media|TagsList/, 'list'],
  [/Benefit|Property/, 'icons'],
];

export const familyOf = (type: string): Family => FAMILIES.find(([pattern]) => pattern.test(type))?.[1] ?? 'text';

const line = (x: number, y: number, w: number, key: string | number, h = 3) => (
  <rect key={key} x={x} y={y} width={w} height={h} rx={1.5} className="bld-th-line" />
);
const box = (x: number, y: number, w: number, h: number, key: string | number) => (
  <rect key={key} x={x} y={y} width={w} height={h} rx={2} className="bld-th-box" />
);

function shapes(family: Family) {
  switch (family) {
    case 'slider':
      return [
        box(4, 4, 72, 40, 'b'),
        line(14, 18, 30, 'l1', 4),
        line(14, 26, 22, 'l2'),
        <circle key="c1" cx={36} cy={39} r={1.6} className="bld-th-line" />,
        <circle key="c2" cx={42} cy={39} r={1.6} className="bld-th-dot" />,
      ];
    case 'faq':
      return [line(14, 5, 52, 'h', 4), ...[14, 24, 34].flatMap((y) => [box(6, y, 68, 8, `b${y}`), line(10, y + 3, 36, `l${y}`, 2)])];
    case 'gallery':
      return [
        line(20, 5, 40, 'h', 4),
        ...[0, 1, 2].flatMap((col) => [box(6 + col * 23, 13, 21, 14, `a${col}`), box(6 + col * 23, 29, 21, 14, `b${col}`)]),
      ];
    case 'pictureLeft':
      return [box(4, 8, 34, 32, 'p'), line(44, 12, 30, 'l1', 4), line(44, 20, 30, 'l2'), line(44, 26, 26, 'l3'), line(44, 32, 28, 'l4')];
    case 'pictureRight':
      return [box(42, 8, 34, 32, 'p'), line(6, 12, 30, 'l1', 4), line(6, 20, 30, 'l2'), line(6, 26, 26, 'l3'), line(6, 32, 28, 'l4')];
    case 'cards':
      return [
        line(20, 5, 40, 'h', 4),
        ...[0, 1, 2].flatMap((col) => [box(6 + col * 23, 13, 21, 30, `c${col}`), line(9 + col * 23, 34, 15, `t${col}`, 2)]),
      ];
    case 'quote':
      return [
        line(20, 5, 40, 'h', 4),
        box(10, 14, 60, 28, 'b'),
        <text key="q" x={16} y={30} className="bld-th-text">
          “
        </text>,
        line(24, 22, 40, 'l1', 2),
        line(24, 28, 34, 'l2', 2),
        <circle key="a" cx={28} cy={37} r={3} className="bld-th-line" />,
      ];
    case 'form':
      return [
        line(6, 6, 30, 'h', 4),
        ...[14, 22, 30].map((y) => box(6, y, 40, 6, `f${y}`)),
        box(6, 38, 18, 6, 'btn'),
        box(52, 14, 22, 28, 'm'),
      ];
    case 'heading':
      return [line(6, 18, 50, 'h', 7), line(6, 30, 30, 'l', 2)];
    case 'list':
      return [0, 1, 2].flatMap((row) => [
        box(6, 5 + row * 14, 16, 11, `p${row}`),
        line(26, 7 + row * 14, 40, `a${row}`),
        line(26, 12 + row * 14, 28, `b${row}`, 2),
      ]);
    case 'banner':
      return [box(4, 10, 72, 28, 'b')];
    case 'icons':
      return [
        line(20, 5, 40, 'h', 4),
        ...[0, 1, 2, 3].flatMap((col) => [
          <circle key={`c${col}`} cx={15 + col * 17} cy={24} r={5} className="bld-th-line" />,
          line(9 + col * 17, 33, 12, `t${col}`, 2),
        ]),
      ];
    default:
      return [line(14, 8, 52, 'h', 4), line(6, 18, 68, 'l1'), line(6, 24, 64, 'l2'), line(6, 30, 68, 'l3'), line(6, 36, 40, 'l4')];
  }
}

export function Thumbnail({ type }: { type: string }) {
  return (
    <svg className="bld-thumb" viewBox="0 0 80 48" width="80" height="48" aria-hidden="true" focusable="false" data-family={familyOf(type)}>
      {shapes(familyOf(type))}
    </svg>
  );
}
