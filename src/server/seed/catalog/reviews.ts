import type { reviews } from '../../db/schema';
import { productId, seedId } from '../ids';

type ReviewSeed = {
  product: string;
  author: string;
  rating: number;
  text: string;
  status: 'approved' | 'pending' | 'rejected';
  at: string;
};

/** Reviews in both states a shopper can meet: published (approved) and awaiting moderation. */
const REVIEWS: ReviewSeed[] = [
  {
    product: 'linen-shirt',
    author: 'Olivia R.',
    rating: 5,
    text: 'Beautiful shirt, softer after every wash. I bought a second colour.',
    status: 'approved',
    at: '2025-03-02T10:00:00Z',
  },
  {
    product: 'linen-shirt',
    author: 'Алексей',
    rating: 4,
    text: 'Отличная рубашка, но размер немного большемерит. Берите на размер меньше.',
    status: 'approved',
    at: '2025-04-18T16:30:00Z',
  },
  {
    product: 'linen-shirt',
    author: 'Mark T.',
    rating: 5,
    text: 'Perfect for summer in the city.',
    status: 'approved',
    at: '2025-06-07T09:45:00Z',
  },
  {
    product: 'linen-shirt',
    author: 'Jenny',
    rating: 3,
    text: 'Nice fabric but it creases a lot.',
    status: 'pending',
    at: '2025-11-01T12:00:00Z',
  },
  {
    product: 'canvas-sneakers',
    author: 'Priya',
    rating: 5,
    text: 'Comfortable from day one, no break-in needed.',
    status: 'approved',
    at: '2025-05-11T14:20:00Z',
  },
  {
    product: 'canvas-sneakers',
    author: 'Сергей',
    rating: 4,
    text: 'Удобные кеды, подошва хорошо держит на мокром асфальте.',
    status: 'approved',
    at: '2025-07-21T18:05:00Z',
  },
  {
    product: 'canvas-sneakers',
    author: 'Anonymous',
    rating: 1,
    text: 'FAKE!!! visit my site',
    status: 'rejected',
    at: '2025-07-22T02:00:00Z',
  },
  {
    product: 'stoneware-mug',
    author: 'Hannah',
    rating: 5,
    text: 'The sage glaze is even prettier in person.',
    status: 'approved',
    at: '2025-02-25T08:30:00Z',
  },
  {
    product: 'stoneware-mug',
    author: 'Ольга',
    rating: 5,
    text: 'Очень приятно держать в руках, кофе дольше остаётся горячим.',
    status: 'approved',
    at: '2025-09-03T07:50:00Z',
  },
  {
    product: 'leather-chelsea-boots',
    author: 'David L.',
    rating: 5,
    text: 'Resoled them after three years, still look great.',
    status: 'approved',
    at: '2025-01-30T11:10:00Z',
  },
  {
    product: 'field-watch',
    author: 'Chris',
    rating: 4,
    text: 'Keeps time within a few seconds a day. Strap is a bit stiff at first.',
    status: 'pending',
    at: '2025-11-04T15:15:00Z',
  },
  {
    product: 'merino-wool-throw',
    author: 'Наталья',
    rating: 5,
    text: 'Тёплый, мягкий и совсем не колется.',
    status: 'pending',
    at: '2025-11-05T20:40:00Z',
  },
];

export const reviewRows = (): (typeof reviews.$inferInsert)[] =>
  REVIEWS.map((r, index) => ({
    id: seedId('review', String(index)),
    productId: productId(r.product),
    authorName: r.author,
    rating: r.rating,
    text: r.text,
    status: r.status,
    createdAt: new Date(r.at),
  }));
