import { luminance, mix } from './colour';

/**
 * Product silhouettes on a 400x400 canvas, floor at y≈345. Each layer is a path filled with a tone
 * of the item's colour ('base' gets a soft gradient for volume), a fixed colour, or drawn as a seam ('line').
 */
type Tone = 'base' | 'shade' | 'deep' | 'light' | 'line' | `#${string}`;
type Layer = [tone: Tone, d: string];

const circle = (cx: number, cy: number, r: number) => ellipse(cx, cy, r, r);
const ellipse = (cx: number, cy: number, rx: number, ry: number) =>
  `M${cx - rx} ${cy}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0Z`;
const rect = (x: number, y: number, w: number, h: number, r = 0) =>
  `M${x + r} ${y}H${x + w - r}Q${x + w} ${y} ${x + w} ${y + r}V${y + h - r}Q${x + w} ${y + h} ${x + w - r} ${y + h}` +
  `H${x + r}Q${x} ${y + h} ${x} ${y + h - r}V${y + r}Q${x} ${y} ${x + r} ${y}Z`;
const repeat = (count: number, draw: (i: number) => string) => Array.from({ length: count }, (_, i) => draw(i)).join('');

const METAL = '#c9c3b8';
const SOLE = '#f4f1ec';
const DARK_SOLE = '#2f2925';
const LEAF = '#5f8a5a';
const LEAF_LIGHT = '#86ab78';

const SHAPES = {
  tshirt: [
    ['base', 'M140 78L172 66Q200 86 228 66L260 78L330 128L304 176L272 156L274 330Q200 340 126 330L128 156L96 176L70 128Z'],
    ['line', 'M172 66Q200 104 228 66M128 156Q132 118 140 80M272 156Q268 118 260 80M128 316Q200 326 272 316'],
  ],
  shirt: [
    ['base', 'M145 74L178 62L200 80L222 62L255 74L300 100L340 300L306 308L276 170L278 336L122 336L124 170L94 308L60 300L100 100Z'],
    ['light', 'M178 62L200 80L186 108L166 76ZM222 62L200 80L214 108L234 76Z'],
    ['line', 'M200 82V336M66 282L100 290M300 290L334 282M124 170Q128 130 144 76M276 170Q272 130 256 76'],
    ['light', repeat(5, (i) => circle(200, 124 + i * 42, 3.5))],
  ],
  hoodie: [
    ['base', 'M140 92L260 92L310 118L344 302L308 310L282 190L280 336L120 336L118 190L92 310L56 302L90 118Z'],
    ['shade', 'M150 98Q200 18 250 98Q200 130 150 98Z'],
    ['deep', 'M170 96Q200 52 230 96Q200 112 170 96Z'],
    ['line', 'M148 262H252L262 314H138ZM188 110L184 170M212 110L216 170M122 320H278M62 288L92 294M308 294L338 288'],
  ],
  sweater: [
    ['base', 'M150 80Q200 100 250 80L310 110L344 300L308 308L282 186L280 336L120 336L118 186L92 308L56 300L90 110Z'],
    ['shade', 'M150 80Q200 100 250 80L246 92Q200 116 154 92Z'],
    [
      'line',
      `M200 124V320${repeat(6, (i) => `M184 ${134 + i * 32}L200 ${150 + i * 32}L216 ${134 + i * 32}`)}M122 318H278M60 284L94 290M306 290L340 284`,
    ],
  ],
  dress: [
    ['base', 'M166 60L182 60Q200 82 218 60L234 60L240 150Q236 160 244 170L312 338Q200 358 88 338L156 170Q164 160 160 150Z'],
    ['shade', 'M158 152Q200 166 242 152L244 172Q200 186 156 172Z'],
    ['line', 'M182 190L156 336M218 190L244 336M200 190V344'],
  ],
  jeans: [
    ['base', 'M132 66H268L286 338L214 340L200 150L186 340L114 338Z'],
    ['shade', 'M132 66H268L270 90H130Z'],
    ['line', 'M200 90V144M140 96Q160 124 182 96M260 96Q240 124 218 96M116 322L186 324M214 324L284 322M156 66V90M244 66V90'],
  ],
  jacket: [
    ['base', 'M140 70H260L312 100L346 304L310 312L284 180L282 326H118L116 180L90 312L54 304L88 100Z'],
    ['shade', 'M140 70L200 96L260 70L252 56L200 78L148 56ZM118 306H282V326H118Z'],
    ['line', 'M200 96V306M132 236L168 228M268 236L232 228M60 286L92 292M308 292L340 286'],
    [METAL, rect(196, 100, 8, 12, 2)],
  ],
  coat: [
    ['base', 'M146 64H254L304 92L338 300L304 306L280 176L290 352H110L120 176L96 306L62 300L96 92Z'],
    ['light', 'M146 64L200 150L176 70ZM254 64L200 150L224 70Z'],
    ['shade', 'M118 206H282L283 226H117Z'],
    ['line', 'M200 150V352'],
    ['deep', circle(184, 180, 5) + circle(216, 180, 5) + circle(184, 260, 5) + circle(216, 260, 5)],
  ],
  skirt: [
    ['base', 'M146 104H254L306 318Q200 336 94 318Z'],
    ['shade', 'M146 104H254L256 126H144Z'],
    ['line', 'M172 126L140 322M200 126V330M228 126L260 322'],
  ],
  shorts: [
    ['base', 'M128 110H272L290 270L214 276L200 180L186 276L110 270Z'],
    ['shade', 'M128 110H272L273 132H127Z'],
    ['line', 'M200 132V178M138 140Q158 164 178 140M262 140Q242 164 222 140M114 254L186 258M214 258L286 254'],
  ],
  sneaker: [
    ['base', 'M72 256Q70 214 104 204L176 172Q196 150 226 160L262 188Q318 200 338 232Q344 248 340 258Z'],
    ['shade', 'M72 256Q70 214 104 204L114 254Z'],
    ['light', 'M120 240Q190 238 252 200L260 208Q200 252 120 250Z'],
    [SOLE, 'M62 252H346Q352 282 326 288H86Q58 286 62 252Z'],
    ['#d9d3ca', 'M64 270H348Q346 284 326 288H86Q62 286 64 270Z'],
    ['line', 'M188 178L212 198M200 168L226 188M178 190L202 210'],
  ],
  boot: [
    ['base', 'M124 70H206L212 214Q240 222 292 228Q338 236 340 268V282H120Z'],
    ['shade', 'M180 96H206L210 198Q192 150 180 96Z'],
    [DARK_SOLE, 'M116 280H344V298H116ZM116 280H176V306H116Z'],
    ['shade', rect(126, 56, 16, 22, 4)],
    ['line', 'M124 250H340'],
  ],
  sandal: [
    ['#dcc6a6', 'M64 262Q62 236 104 234L304 228Q344 230 346 254Q346 272 306 276L104 280Q64 282 64 262Z'],
    ['#8a6a4a', 'M64 266Q66 284 104 286L306 282Q346 278 346 260V272Q344 292 306 294L104 298Q62 298 64 272Z'],
    [
      'base',
      'M120 240Q150 168 198 236H180Q150 196 136 240ZM222 232Q262 160 302 230H286Q262 186 238 232ZM94 242Q98 200 132 194L138 206Q110 212 110 242Z',
    ],
    [METAL, rect(128, 196, 12, 14, 3)],
  ],
  loafer: [
    ['base', 'M70 262Q66 222 110 212L200 200Q250 192 300 206Q340 220 342 258Z'],
    ['deep', 'M110 214Q150 196 202 204Q160 224 110 214Z'],
    [DARK_SOLE, 'M64 258H348Q350 276 328 280H84Q62 278 64 258Z'],
    ['line', 'M222 214Q252 236 300 226M232 204Q300 200 324 234'],
  ],
  mug: [
    ['shade', 'M262 150Q330 150 330 210Q330 268 262 268V246Q306 246 306 210Q306 172 262 172Z'],
    ['base', 'M110 110H270L262 300Q260 320 240 320H140Q120 320 118 300Z'],
    ['light', `${ellipse(190, 110, 80, 14)}M115 192H265L264 214H116Z`],
    ['deep', ellipse(190, 111, 70, 9)],
  ],
  vase: [
    [LEAF, 'M198 72Q186 34 150 18Q170 52 194 74ZM204 72Q214 30 254 14Q232 50 208 74Z'],
    ['base', 'M172 70H228L226 96Q222 120 252 150Q304 200 290 270Q280 326 200 330Q120 326 110 270Q96 200 148 150Q178 120 174 96Z'],
    ['light', ellipse(200, 70, 28, 7)],
    ['line', 'M122 230Q200 250 278 230M116 262Q200 282 284 262'],
  ],
  cushion: [
    ['base', 'M96 104Q200 84 304 104Q324 200 304 300Q200 320 96 300Q76 200 96 104Z'],
    [
      'line',
      'M106 114Q200 96 294 114Q312 200 294 290Q200 308 106 290Q88 200 106 114ZM200 200L146 154M200 200L254 154M200 200L146 246M200 200L254 246',
    ],
    ['shade', circle(200, 200, 9)],
  ],
  lamp: [
    ['base', 'M142 70H258L300 190H100Z'],
    ['shade', 'M100 182H300V194H100Z'],
    [METAL, `${rect(194, 194, 12, 118)}M148 330Q150 310 200 306Q250 310 252 330Z`],
    ['#fff3c9', ellipse(200, 198, 36, 5)],
  ],
  candle: [
    ['shade', 'M130 140H270L266 320Q264 332 250 332H150Q136 332 134 320Z'],
    ['light', 'M138 172H262L260 318H140Z'],
    ['#f7f3ec', rect(150, 222, 100, 56, 6)],
    ['line', 'M200 172V150M164 250H236'],
    ['#f2b441', 'M200 102Q218 128 210 144Q200 156 190 144Q184 128 200 102Z'],
    ['#fde8a6', 'M200 122Q208 136 204 144Q200 150 196 144Q192 136 200 122Z'],
  ],
  plate: [
    ['shade', circle(200, 206, 142)],
    ['base', circle(200, 200, 140)],
    ['light', circle(200, 200, 100)],
    ['line', circle(200, 200, 122) + circle(200, 200, 100)],
  ],
  blanket: [
    ['base', rect(76, 236, 248, 72, 16)],
    ['shade', rect(88, 172, 224, 70, 16)],
    ['base', rect(100, 110, 200, 68, 16)],
    ['line', `M76 268H324M88 204H312M100 140H300${repeat(8, (i) => `M${84 + i * 33} 308V322`)}`],
  ],
  teapot: [
    ['shade', 'M112 186Q50 190 58 246Q66 292 120 276L118 258Q80 266 78 242Q76 206 114 206Z'],
    ['base', `${ellipse(200, 236, 110, 90)}M288 222Q330 202 348 150L362 156Q346 228 300 260Z`],
    ['shade', 'M146 156Q200 120 254 156Z'],
    ['deep', circle(200, 126, 10)],
    ['line', 'M94 236Q200 262 306 236'],
  ],
  planter: [
    [LEAF, 'M200 196Q146 120 174 48Q226 120 200 196ZM196 194Q110 170 96 104Q170 116 196 194ZM204 194Q292 170 306 104Q230 116 204 194Z'],
    [LEAF_LIGHT, 'M200 196Q176 140 190 90Q214 140 200 196Z'],
    ['base', 'M128 196H272L252 330H148Z'],
    ['shade', 'M120 186H280L278 212H122Z'],
  ],
  towels: [
    ['base', rect(92, 252, 216, 70, 14)],
    ['light', rect(100, 186, 200, 70, 14)],
    ['shade', rect(108, 122, 184, 68, 14)],
    ['line', 'M92 300H308M100 234H300M108 168H292'],
  ],
  tote: [
    ['shade', 'M150 150Q150 60 200 60Q250 60 250 150H236Q236 76 200 76Q164 76 164 150Z'],
    ['base', 'M110 140H290L306 330H94Z'],
    ['line', 'M110 158H290'],
    ['light', rect(170, 220, 60, 40, 4)],
  ],
  backpack: [
    ['line', 'M176 98Q200 64 224 98'],
    ['base', rect(116, 96, 168, 240, 40)],
    ['shade', 'M116 150Q116 96 160 96H240Q284 96 284 150V180Q200 200 116 180ZM146 230H254V294Q254 314 234 314H166Q146 314 146 294Z'],
    [METAL, rect(192, 176, 16, 22, 3)],
    ['line', 'M156 252H244'],
  ],
  cap: [
    ['shade', 'M262 236Q340 232 366 258Q336 272 262 262Z'],
    ['base', 'M90 244Q96 136 200 128Q292 134 300 244Z'],
    ['line', 'M200 130Q170 180 160 244M200 130Q236 180 244 244M92 232H300'],
    ['shade', circle(198, 128, 8)],
  ],
  beanie: [
    ['light', circle(200, 104, 30)],
    ['base', 'M110 250Q110 120 200 116Q290 120 290 250Z'],
    ['shade', rect(100, 236, 200, 64, 14)],
    ['line', repeat(11, (i) => `M${116 + i * 17} 244V292`) + repeat(5, (i) => `M${136 + i * 32} 160V232`)],
  ],
  watch: [
    ['base', `${rect(168, 40, 64, 110, 10)}${rect(168, 250, 64, 110, 10)}`],
    [METAL, `${circle(200, 200, 80)}${rect(278, 190, 14, 20, 3)}`],
    ['#fbfaf7', circle(200, 200, 66)],
    [
      '#2f2925',
      `M198 200V148H202V200ZM200 198L238 212L236 216L198 202Z${repeat(12, (i) => {
        const a = (i * Math.PI) / 6;
        return circle(200 + Math.cos(a) * 56, 200 + Math.sin(a) * 56, i % 3 === 0 ? 3.5 : 2);
      })}`,
    ],
  ],
  sunglasses: [
    ['line', 'M72 160L40 150M328 160L360 150M194 166Q200 156 206 166'],
    [
      'base',
      'M70 170Q70 150 90 150H180Q196 150 194 170L186 220Q180 250 146 250H112Q80 250 74 220ZM330 170Q330 150 310 150H220Q204 150 206 170L214 220Q220 250 254 250H288Q320 250 326 220Z',
    ],
    ['light', 'M96 166H132L102 206ZM226 166H262L232 206Z'],
  ],
  scarf: [
    ['base', 'M150 60H250Q270 140 244 210L262 330L212 336L204 220Q200 200 196 220L188 336L138 330L156 210Q130 140 150 60Z'],
    ['shade', 'M152 150Q200 172 248 150L252 186Q200 210 148 186Z'],
    ['line', `M150 100H250M144 140H256${repeat(5, (i) => `M${142 + i * 10} 330V350`)}${repeat(5, (i) => `M${216 + i * 10} 334V352`)}`],
  ],
  wallet: [
    ['base', rect(90, 130, 220, 150, 18)],
    ['shade', 'M90 150Q90 130 110 130H290Q310 130 310 150V200H90Z'],
    [METAL, circle(200, 192, 9)],
    ['line', 'M104 266H296'],
  ],
  belt: [
    ['base', `${circle(200, 210, 122)}${circle(200, 210, 84)}`],
    ['shade', repeat(5, (i) => circle(118 + i * 6, 170 + i * 18, 4))],
    [METAL, `${rect(268, 168, 64, 84, 10)}${rect(282, 182, 36, 56, 6)}`],
  ],
} satisfies Record<string, Layer[]>;

export type ShapeKind = keyof typeof SHAPES;

/** Top and bottom edge of each drawing on its canvas, so items can stand on a floor or be centred. */
export const VERTICAL_SPAN: Record<ShapeKind, [top: number, bottom: number]> = {
  tshirt: [66, 338],
  shirt: [62, 336],
  hoodie: [58, 336],
  sweater: [80, 336],
  dress: [60, 348],
  jeans: [66, 340],
  jacket: [56, 326],
  coat: [64, 352],
  skirt: [104, 327],
  shorts: [110, 276],
  sneaker: [157, 288],
  boot: [56, 306],
  sandal: [194, 298],
  loafer: [197, 280],
  mug: [96, 320],
  vase: [14, 330],
  cushion: [94, 310],
  lamp: [70, 330],
  candle: [102, 332],
  plate: [60, 348],
  blanket: [110, 322],
  teapot: [116, 326],
  planter: [48, 330],
  towels: [122, 322],
  tote: [60, 330],
  backpack: [81, 336],
  cap: [120, 272],
  beanie: [74, 300],
  watch: [40, 360],
  sunglasses: [150, 250],
  scarf: [60, 352],
  wallet: [130, 280],
  belt: [88, 332],
};

/**
 * The item drawn in `colour`; `uid` keeps gradient ids unique when several items share one picture.
 * Returns the gradient definitions and the drawing separately so scenes can place the drawing.
 */
export function drawShape(kind: ShapeKind, colour: string, uid: string): { defs: string; body: string } {
  const dark = luminance(colour) < 0.2;
  const tones: Record<Exclude<Tone, `#${string}`>, string> = {
    base: `url(#fabric-${uid})`,
    shade: mix(colour, dark ? '#ffffff' : '#000000', 0.18),
    deep: mix(colour, '#000000', 0.4),
    light: mix(colour, '#ffffff', 0.4),
    line: mix(colour, dark ? '#ffffff' : '#000000', 0.3),
  };
  const defs =
    `<linearGradient id="fabric-${uid}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${mix(colour, '#ffffff', 0.16)}"/><stop offset="1" stop-color="${mix(colour, '#000000', 0.14)}"/>` +
    `</linearGradient>`;
  const body = (SHAPES[kind] as Layer[])
    .map(([tone, d]) =>
      tone === 'line'
        ? `<path d="${d}" fill="none" stroke="${tones.line}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`
        : `<path d="${d}" fill="${tone.startsWith('#') ? tone : tones[tone as keyof typeof tones]}" fill-rule="evenodd"/>`,
    )
    .join('');
  return { defs, body };
}
