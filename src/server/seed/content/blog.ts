import type { articles, articleTags, comments, LocalizedText, pages, sections, tags } from '../../db/schema';
import type { ImageSpec } from '../art/render';
import type { Decor } from '../art/scenes';
import type { ShapeKind } from '../art/shapes';
import type { ColourKey } from '../catalog/vocabulary';
import { articleId, imageId, pageId, productId, seedId } from '../ids';
import {
  breadcrumbs,
  frame,
  heading,
  headingH1,
  itemSection,
  layout,
  grid,
  list,
  productGrid,
  sectionRows,
  type SectionSeed,
} from '../sections';
import { t } from '../text';
import { scenePicture } from './artwork';

export const BLOG_SLUG = 'blog';
const BLOG_TITLE = t('Journal', 'Журнал');

const TAGS = {
  care: t('Care guides', 'Уход за вещами'),
  materials: t('Materials', 'Материалы'),
  style: t('Style', 'Стиль'),
  makers: t('Makers', 'Мастера'),
  home: t('Home', 'Дом'),
} satisfies Record<string, LocalizedText>;
type TagKey = keyof typeof TAGS;

const AUTHORS = {
  anna: {
    name: 'Anna Sokolova',
    role: t('Editor of the Journal', 'Редактор журнала'),
    bio: t(
      'Anna writes about materials, care and the people who make our clothes.',
      'Анна пишет о материалах, уходе за вещами и людях, которые шьют нашу одежду.',
    ),
  },
  james: {
    name: 'James Whitaker',
    role: t('Head of product', 'Руководитель отдела ассортимента'),
    bio: t(
      'James travels to our workshops and chooses every piece we sell.',
      'Джеймс ездит по нашим мастерским и выбирает каждую вещь, которую мы продаём.',
    ),
  },
  maria: {
    name: 'Maria Ivanova',
    role: t('Interior stylist', 'Стилист по интерьеру'),
    bio: t(
      'Maria styles our homeware shoots and loves a well-laid table.',
      'Мария готовит съёмки предметов для дома и обожает красиво накрытый стол.',
    ),
  },
};

type Chapter = { id: string; title: LocalizedText; text: LocalizedText; sub?: { title: LocalizedText; text: LocalizedText } };

type ArticleSeed = {
  slug: string;
  title: LocalizedText;
  excerpt: LocalizedText;
  author: keyof typeof AUTHORS;
  publishedAt: string;
  tags: TagKey[];
  cover: { backdrop: [string, string]; decor: Decor; items: [ColourKey, ShapeKind][] };
  chapters: Chapter[];
  products?: string[];
  enabled?: boolean;
};

const ch = (id: string, title: LocalizedText, text: LocalizedText, sub?: Chapter['sub']): Chapter => ({
  id,
  title,
  text,
  ...(sub ? { sub } : {}),
});

const ARTICLES: ArticleSeed[] = [
  {
    slug: 'how-to-care-for-linen',
    title: t('How to care for linen', 'Как ухаживать за льном'),
    excerpt: t(
      'Linen gets better with age if you treat it right. Here is how we wash, dry and store ours.',
      'Лён с возрастом становится только лучше, если правильно за ним ухаживать. Рассказываем, как мы его стираем, сушим и храним.',
    ),
    author: 'anna',
    publishedAt: '2025-02-11T09:00:00Z',
    tags: ['care', 'materials'],
    cover: {
      backdrop: ['#eef3f5', '#c5d5dd'],
      decor: 'sun',
      items: [
        ['sand', 'shirt'],
        ['sky', 'towels'],
      ],
    },
    chapters: [
      ch(
        'washing',
        t('Washing', 'Стирка'),
        t(
          'Wash linen at 30–40 °C on a gentle cycle with a mild detergent. Skip the fabric softener: linen softens on its own.',
          'Стирайте лён при 30–40 °C в деликатном режиме с мягким средством. Кондиционер не нужен: лён смягчается сам.',
        ),
        {
          title: t('Whites and colours', 'Белое и цветное'),
          text: t(
            'Wash light and dark pieces separately for the first few washes.',
            'Первые несколько раз стирайте светлые и тёмные вещи отдельно.',
          ),
        },
      ),
      ch(
        'drying',
        t('Drying', 'Сушка'),
        t(
          'Line-dry in the shade and smooth the fabric by hand while it is still damp.',
          'Сушите в тени и расправляйте ткань руками, пока она ещё влажная.',
        ),
      ),
      ch(
        'storing',
        t('Storing', 'Хранение'),
        t(
          'Fold loosely and keep linen somewhere dry and airy. Embrace the creases: they are part of its charm.',
          'Складывайте свободно и храните лён в сухом проветриваемом месте. Не боритесь со складками: в них его очарование.',
        ),
      ),
    ],
    products: ['linen-shirt', 'linen-shorts', 'linen-cushion-cover'],
  },
  {
    slug: 'capsule-wardrobe-in-ten-pieces',
    title: t('A capsule wardrobe in ten pieces', 'Капсульный гардероб из десяти вещей'),
    excerpt: t(
      'Ten well-chosen pieces can take you through a whole season. This is our list.',
      'Десять продуманных вещей помогут пережить целый сезон. Вот наш список.',
    ),
    author: 'james',
    publishedAt: '2025-03-04T09:00:00Z',
    tags: ['style'],
    cover: {
      backdrop: ['#f3e9dc', '#dcc0a3'],
      decor: 'arch',
      items: [
        ['camel', 'coat'],
        ['denim', 'jeans'],
      ],
    },
    chapters: [
      ch(
        'foundations',
        t('Start with the foundations', 'Начните с основы'),
        t(
          'A white tee, a linen shirt and straight-leg jeans go with almost everything.',
          'Белая футболка, льняная рубашка и прямые джинсы сочетаются почти со всем.',
        ),
      ),
      ch(
        'layers',
        t('Add layers', 'Добавьте слои'),
        t(
          'A merino sweater and a wool overcoat cover cold mornings without bulk.',
          'Свитер из мериноса и шерстяное пальто спасут в холодное утро и не добавят объёма.',
        ),
        {
          title: t('One statement piece', 'Одна яркая вещь'),
          text: t(
            'Let one colour or texture do the talking and keep the rest quiet.',
            'Пусть говорит один цвет или фактура, а остальное будет спокойным.',
          ),
        },
      ),
      ch(
        'shoes',
        t('Two pairs of shoes', 'Две пары обуви'),
        t('Canvas sneakers for every day and Chelsea boots for everything else.', 'Кеды на каждый день и челси для всего остального.'),
      ),
    ],
    products: ['organic-cotton-tee', 'straight-leg-jeans', 'wool-overcoat', 'leather-chelsea-boots'],
  },
  {
    slug: 'meet-the-makers-porto',
    title: t('Meet the makers: a shirt workshop in Porto', 'Знакомьтесь с мастерами: рубашечная мастерская в Порту'),
    excerpt: t(
      'We spent a week with the family team that sews our linen shirts.',
      'Мы провели неделю с семейной командой, которая шьёт наши льняные рубашки.',
    ),
    author: 'james',
    publishedAt: '2025-04-17T09:00:00Z',
    tags: ['makers'],
    cover: {
      backdrop: ['#f4efe6', '#d9ccb6'],
      decor: 'bands',
      items: [
        ['white', 'shirt'],
        ['sky', 'shirt'],
      ],
    },
    chapters: [
      ch(
        'family',
        t('Three generations', 'Три поколения'),
        t(
          'The workshop was founded in 1968 and is now run by the founder’s granddaughter.',
          'Мастерскую основали в 1968 году, сейчас ею руководит внучка основателя.',
        ),
      ),
      ch(
        'process',
        t('Thirty steps to a shirt', 'Тридцать шагов до рубашки'),
        t(
          'Every shirt passes through about thirty pairs of hands, from cutting to the final press.',
          'Каждая рубашка проходит примерно через тридцать пар рук: от раскроя до финальной глажки.',
        ),
        {
          title: t('The collar', 'Воротник'),
          text: t('Collars are still turned and pressed by hand.', 'Воротники до сих пор выворачивают и прессуют вручную.'),
        },
      ),
    ],
    products: ['linen-shirt', 'oxford-shirt'],
  },
  {
    slug: 'why-welted-shoes-last',
    title: t('Why Goodyear-welted shoes last for decades', 'Почему обувь с рантовым креплением служит десятилетиями'),
    excerpt: t(
      'A welt is a strip of leather that makes a shoe repairable. Here is why it matters.',
      'Рант — это полоска кожи, благодаря которой обувь можно ремонтировать. Объясняем, почему это важно.',
    ),
    author: 'anna',
    publishedAt: '2025-05-22T09:00:00Z',
    tags: ['materials', 'care'],
    cover: {
      backdrop: ['#e9eef3', '#b9c8d8'],
      decor: 'sun',
      items: [
        ['brown', 'boot'],
        ['burgundy', 'loafer'],
      ],
    },
    chapters: [
      ch(
        'welt',
        t('What a welt is', 'Что такое рант'),
        t(
          'The upper is stitched to a leather welt, and the sole is stitched to the welt, never to the upper itself.',
          'Верх пришивается к кожаному ранту, а подошва — к ранту, но не к самому верху.',
        ),
      ),
      ch(
        'resoling',
        t('Resoling', 'Замена подошвы'),
        t(
          'When the sole wears out, a cobbler can replace it without touching the upper.',
          'Когда подошва изнашивается, мастер меняет её, не трогая верх.',
        ),
        {
          title: t('How often?', 'Как часто?'),
          text: t(
            'With daily wear, expect a new sole every two to four years.',
            'При ежедневной носке подошву обычно меняют раз в два-четыре года.',
          ),
        },
      ),
      ch(
        'care',
        t('Everyday care', 'Повседневный уход'),
        t(
          'Use cedar shoe trees and condition the leather every couple of months.',
          'Используйте кедровые колодки и раз в пару месяцев питайте кожу кремом.',
        ),
      ),
    ],
    products: ['leather-chelsea-boots', 'penny-loafers'],
  },
  {
    slug: 'merino-or-cashmere',
    title: t('Merino or cashmere: which wool is right for you?', 'Меринос или кашемир: какую шерсть выбрать?'),
    excerpt: t(
      'Both are soft and warm, but they behave very differently. A quick guide.',
      'Обе шерсти мягкие и тёплые, но ведут себя очень по-разному. Краткий гид.',
    ),
    author: 'anna',
    publishedAt: '2025-06-30T09:00:00Z',
    tags: ['materials'],
    cover: {
      backdrop: ['#f6efe0', '#e0c89a'],
      decor: 'blobs',
      items: [
        ['mustard', 'sweater'],
        ['burgundy', 'scarf'],
      ],
    },
    chapters: [
      ch(
        'merino',
        t('Merino', 'Меринос'),
        t(
          'Fine, springy and temperature-regulating: perfect for layering and travel.',
          'Тонкая, упругая и терморегулирующая шерсть: идеальна для многослойности и путешествий.',
        ),
      ),
      ch(
        'cashmere',
        t('Cashmere', 'Кашемир'),
        t(
          'Incredibly soft and lofty, but more delicate. Best for scarves and special knits.',
          'Невероятно мягкий и пушистый, но более деликатный. Лучше всего подходит для шарфов и особых вещей.',
        ),
        {
          title: t('Pilling', 'Катышки'),
          text: t(
            'A little pilling is normal; remove it gently with a cashmere comb.',
            'Немного катышков — это нормально; аккуратно удаляйте их специальным гребнем.',
          ),
        },
      ),
    ],
    products: ['merino-crew-sweater', 'cashmere-scarf', 'ribbed-beanie'],
  },
  {
    slug: 'setting-a-slow-table',
    title: t('Setting a slow-living table', 'Сервировка стола в духе неспешной жизни'),
    excerpt: t(
      'Stoneware, linen and a single candle: how to set a table that invites people to stay.',
      'Керамика, лён и одна свеча: как накрыть стол, за которым хочется задержаться.',
    ),
    author: 'maria',
    publishedAt: '2025-08-08T09:00:00Z',
    tags: ['home', 'style'],
    cover: {
      backdrop: ['#eef1e6', '#bccaa9'],
      decor: 'arch',
      items: [
        ['navy', 'plate'],
        ['cream', 'candle'],
      ],
    },
    chapters: [
      ch(
        'base',
        t('Start with texture', 'Начните с фактуры'),
        t(
          'A linen runner or a bare wooden table gives everything else a warm base.',
          'Льняная дорожка или голый деревянный стол создают тёплую основу для всего остального.',
        ),
      ),
      ch(
        'tableware',
        t('Mix, don’t match', 'Сочетайте, а не подбирайте в тон'),
        t(
          'Combine plates and mugs from different glazes in one colour family.',
          'Комбинируйте тарелки и кружки с разной глазурью в одной цветовой гамме.',
        ),
      ),
      ch(
        'light',
        t('Soft light', 'Мягкий свет'),
        t(
          'One candle and a low lamp are enough. Turn off the overhead light.',
          'Достаточно одной свечи и невысокой лампы. Выключите верхний свет.',
        ),
      ),
    ],
    products: ['dinner-plate-set', 'stoneware-mug', 'soy-candle', 'serving-bowl'],
  },
  {
    slug: 'packing-with-one-bag',
    title: t('Packing for a weekend away with one bag', 'Как собраться на выходные с одной сумкой'),
    excerpt: t(
      'Our checklist for two nights away with nothing but a weekender.',
      'Наш список для поездки на две ночи с одной дорожной сумкой.',
    ),
    author: 'james',
    publishedAt: '2025-09-12T09:00:00Z',
    tags: ['style'],
    cover: {
      backdrop: ['#f1efe6', '#c9c39e'],
      decor: 'bands',
      items: [
        ['olive', 'tote'],
        ['navy', 'backpack'],
      ],
    },
    chapters: [
      ch(
        'rule',
        t('The rule of three', 'Правило трёх'),
        t(
          'Three tops, two bottoms, one pair of shoes on your feet and one in the bag.',
          'Три верха, два низа, одна пара обуви на ногах и одна в сумке.',
        ),
      ),
      ch(
        'roll',
        t('Roll, don’t fold', 'Скручивайте, а не складывайте'),
        t('Rolling saves space and keeps linen from creasing too much.', 'Скручивание экономит место, и лён меньше мнётся.'),
      ),
    ],
    products: ['weekender-bag', 'roll-top-backpack'],
  },
  {
    slug: 'our-repair-programme',
    title: t('Repair, don’t replace: our repair programme', 'Чините, а не выбрасывайте: наша программа ремонта'),
    excerpt: t(
      'Send us anything you bought from Northfold and we will mend it at cost.',
      'Пришлите нам любую вещь, купленную в Нортфолд, и мы починим её по себестоимости.',
    ),
    author: 'anna',
    publishedAt: '2025-10-20T09:00:00Z',
    tags: ['makers', 'care'],
    cover: {
      backdrop: ['#f4efe6', '#d9ccb6'],
      decor: 'sun',
      items: [
        ['olive', 'jacket'],
        ['brown', 'boot'],
      ],
    },
    chapters: [
      ch(
        'what',
        t('What we repair', 'Что мы чиним'),
        t('Buttons, seams, zips, holes in knitwear and worn-out soles.', 'Пуговицы, швы, молнии, дырки на трикотаже и стёртые подошвы.'),
      ),
      ch(
        'how',
        t('How it works', 'Как это работает'),
        t(
          'Fill in the form, post the item to our Brooklyn warehouse and we will send it back within three weeks.',
          'Заполните форму, отправьте вещь на наш склад в Бруклине, и мы вернём её в течение трёх недель.',
        ),
        {
          title: t('Cost', 'Стоимость'),
          text: t('You only pay for materials; our time is on us.', 'Вы платите только за материалы, работа — за наш счёт.'),
        },
      ),
    ],
  },
  {
    slug: 'autumn-lookbook-draft',
    title: t('Autumn lookbook (draft)', 'Осенний лукбук (черновик)'),
    excerpt: t('Not published yet.', 'Ещё не опубликовано.'),
    author: 'james',
    publishedAt: '2025-11-01T09:00:00Z',
    tags: ['style'],
    cover: { backdrop: ['#f3e9dc', '#dcc0a3'], decor: 'blobs', items: [['olive', 'coat']] },
    chapters: [ch('soon', t('Coming soon', 'Скоро'), t('Our autumn lookbook is on its way.', 'Осенний лукбук уже в пути.'))],
    enabled: false,
  },
];

const coverKey = (slug: string) => `blog-${slug}`;

export function blogImages(): ImageSpec[] {
  return ARTICLES.map(({ slug, title, cover }) => {
    const spacing = 1200 / (cover.items.length + 1);
    const items = cover.items.map(([colour, kind], i): [ShapeKind, ColourKey, number, number] => [kind, colour, spacing * (i + 1), 1.4]);
    return scenePicture(coverKey(slug), [1200, 800], cover.backdrop, cover.decor, items, { alt: title, title });
  });
}

function articleHtml(chapters: Chapter[], lang: 'en' | 'ru'): string {
  return chapters
    .map(
      (c) =>
        `<h2 id="${c.id}">${c.title[lang]}</h2><p>${c.text[lang]}</p>` +
        (c.sub ? `<h3>${c.sub.title[lang]}</h3><p>${c.sub.text[lang]}</p>` : ''),
    )
    .join('');
}

function articleSections(article: ArticleSeed): SectionSeed[] {
  const author = AUTHORS[article.author];
  return [
    breadcrumbs({ title: BLOG_TITLE, uri: BLOG_SLUG }, { title: article.title, uri: `${BLOG_SLUG}/${article.slug}` }),
    headingH1(article.title),
    { type: 'SectionMediaTableOfContents', options: { section: frame(), heading: heading(t('Contents', 'Содержание')) } },
    {
      type: 'SectionTextBlockBase',
      options: {
        section: frame(),
        content: {
          html: { en: articleHtml(article.chapters, 'en'), ru: articleHtml(article.chapters, 'ru') },
          image: imageId(coverKey(article.slug)),
          alt: article.title,
          imageBorderRadius: 16,
        },
      },
    },
    ...(article.products
      ? [
          itemSection(
            'SectionProductWidgetByItems',
            t('Featured in this story', 'Товары из статьи'),
            productGrid(),
            article.products.map((slug) => ({ product: { id: productId(slug) } })),
            { background: 'light' },
          ),
        ]
      : []),
    {
      type: 'SectionMediaAuthors',
      options: { section: frame(), heading: heading(t('About the author', 'Об авторе')) },
      items: [
        {
          heading: { title: t(author.name, author.name), note: author.role },
          content: { html: { en: `<p>${author.bio.en}</p>`, ru: `<p>${author.bio.ru}</p>` } },
        },
      ],
    },
    { type: 'SectionMediaComments', options: { section: frame(), heading: heading(t('Comments', 'Комментарии')) } },
  ];
}

function categorySections(): SectionSeed[] {
  return [
    breadcrumbs({ title: BLOG_TITLE, uri: BLOG_SLUG }),
    headingH1(BLOG_TITLE),
    { type: 'SectionMediaTagsList', options: { section: frame() } },
    {
      type: 'SectionMediaList',
      options: { section: frame(), limit: 12, template: layout(grid(3), grid(2), list(1)) },
    },
  ];
}

type CommentSeed = {
  article: string;
  author: string;
  text: string;
  status: 'approved' | 'pending' | 'rejected';
  at: string;
  replyTo?: number;
};

const COMMENTS: CommentSeed[] = [
  {
    article: 'how-to-care-for-linen',
    author: 'Olivia',
    text: 'Great tips! I had no idea softener was bad for linen.',
    status: 'approved',
    at: '2025-02-12T10:15:00Z',
  },
  {
    article: 'how-to-care-for-linen',
    author: 'Anna Sokolova',
    text: 'Thank you, Olivia! It coats the fibres and makes linen less absorbent.',
    status: 'approved',
    at: '2025-02-12T12:40:00Z',
    replyTo: 0,
  },
  {
    article: 'how-to-care-for-linen',
    author: 'Дмитрий',
    text: 'А гладить лён обязательно? Мне нравится, как он выглядит мятым.',
    status: 'approved',
    at: '2025-02-14T08:05:00Z',
  },
  { article: 'how-to-care-for-linen', author: 'Sam', text: 'Can I tumble dry on low?', status: 'pending', at: '2025-11-02T18:30:00Z' },
  {
    article: 'capsule-wardrobe-in-ten-pieces',
    author: 'Екатерина',
    text: 'Собрала капсулу по вашему списку — работает!',
    status: 'approved',
    at: '2025-03-06T09:00:00Z',
  },
  {
    article: 'capsule-wardrobe-in-ten-pieces',
    author: 'Tom',
    text: 'Buy cheap watches here!!! http://spam.example',
    status: 'rejected',
    at: '2025-03-07T03:00:00Z',
  },
  {
    article: 'why-welted-shoes-last',
    author: 'Michael',
    text: 'My Chelsea boots are on their third sole and still going strong.',
    status: 'approved',
    at: '2025-05-25T16:20:00Z',
  },
  {
    article: 'setting-a-slow-table',
    author: 'Ирина',
    text: 'Очень красивые фотографии, спасибо за идеи!',
    status: 'approved',
    at: '2025-08-09T19:45:00Z',
  },
  {
    article: 'setting-a-slow-table',
    author: 'Lucy',
    text: 'Which glaze is the plate in the photo?',
    status: 'pending',
    at: '2025-11-03T11:10:00Z',
  },
  {
    article: 'our-repair-programme',
    author: 'Ben',
    text: 'Just sent my hoodie in for a new cuff. Love this idea.',
    status: 'approved',
    at: '2025-10-22T14:00:00Z',
  },
];

export type BlogRows = {
  page: typeof pages.$inferInsert;
  tags: (typeof tags.$inferInsert)[];
  articles: (typeof articles.$inferInsert)[];
  articleTags: (typeof articleTags.$inferInsert)[];
  comments: (typeof comments.$inferInsert)[];
  sections: (typeof sections.$inferInsert)[];
};

export function blogRows(): BlogRows {
  const categoryId = pageId(BLOG_SLUG);
  const tagId = (key: string) => seedId('tag', `${BLOG_SLUG}:${key}`);
  const commentId = (index: number) => seedId('comment', String(index));
  return {
    page: {
      id: categoryId,
      slug: BLOG_SLUG,
      type: 'category',
      title: BLOG_TITLE,
      metaTitle: t('Journal: care guides, makers and style | Northfold', 'Журнал: уход за вещами, мастера и стиль | Нортфолд'),
      metaDescription: t(
        'Stories about materials, the people who make our products, and how to make things last.',
        'Истории о материалах, о людях, которые создают наши вещи, и о том, как продлить им жизнь.',
      ),
      previewImageId: imageId(coverKey(ARTICLES[0]!.slug)),
      publishedAt: new Date('2025-01-15T09:00:00Z'),
    },
    tags: Object.entries(TAGS).map(([key, title], position) => ({ id: tagId(key), slug: key, type: BLOG_SLUG, title, position })),
    articles: ARTICLES.map((a) => ({
      id: articleId(a.slug),
      slug: a.slug,
      categoryId,
      title: a.title,
      excerpt: a.excerpt,
      metaTitle: { en: `${a.title.en} | Northfold Journal`, ru: `${a.title.ru} | Журнал Нортфолд` },
      metaDescription: a.excerpt,
      previewImageId: imageId(coverKey(a.slug)),
      authorName: AUTHORS[a.author].name,
      enabled: a.enabled ?? true,
      publishedAt: new Date(a.publishedAt),
    })),
    articleTags: ARTICLES.flatMap((a) => a.tags.map((tag) => ({ articleId: articleId(a.slug), tagId: tagId(tag) }))),
    comments: COMMENTS.map((c, index) => ({
      id: commentId(index),
      articleId: articleId(c.article),
      parentId: c.replyTo === undefined ? null : commentId(c.replyTo),
      authorName: c.author,
      text: c.text,
      status: c.status,
      createdAt: new Date(c.at),
    })),
    sections: [
      ...sectionRows('page', categoryId, categorySections()),
      ...ARTICLES.flatMap((a) => sectionRows('article', articleId(a.slug), articleSections(a))),
    ],
  };
}

/** A published story, for links from menus and the homepage. */
export const FEATURED_ARTICLE_SLUG = 'our-repair-programme';
