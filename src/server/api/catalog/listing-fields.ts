import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from '../../db/schema';

/**
 * Recomputes the denormalised listing columns (price of the display variation, sort title)
 * after products or their variations change. The display variation is the default one, else the first.
 * `bumpVersion` also moves the products' versions on in the same write (a bulk change: one update of each row).
 */
export async function refreshListingFields(db: Executor, productIds: string[], options: { bumpVersion?: boolean } = {}): Promise<void> {
  if (productIds.length === 0) return;
  await db.execute(sql`
    update ${products} p set
      ${options.bumpVersion ? sql`version = p.version + 1,` : sql``}
      price_cents = coalesce(v.price, 0),
      price_full_cents = coalesce(v.full_price, 0),
      sort_title = lower(coalesce(p.title->>'en', '')),
      updated_at = now()
    from (
      select p2.id as product_id,
        (select coalesce(x.discount_price_cents, x.full_price_cents) from variations x
          where x.product_id = p2.id order by x.is_default desc, x.position asc, x.id asc limit 1) as price,
        (select x.full_price_cents from variations x
          where x.product_id = p2.id order by x.is_default desc, x.position asc, x.id asc limit 1) as full_price
      from products p2 where p2.id in ${sql.join(
        [
          sql`(`,
          sql.join(
            productIds.map((id) => sql`${id}`),
            sql`, `,
          ),
          sql`)`,
        ],
        sql``,
      )}
    ) v
    where p.id = v.product_id
  `);
}
