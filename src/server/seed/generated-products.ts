import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Tops the shop up to `count` generated products across its catalogs, for measuring the catalog at scale
 * (`npm run db:seed -- --products 100000`). Each product has two properties (material, country), a
 * Colour option with three values and a Size option with two, six variations with stock, and is listed
 * in one of the shop's catalogs. Rows are made by the database itself (generate_series), a batch per
 * statement. Ids derive from the product number, so running it again adds only what is missing.
 * Answers how many products it added.
 */
export async function generateProducts(db: Executor, count: number, options: { batchSize?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? 20_000;
  const existing = (await db.execute(sql`select count(*)::int as start from products where slug like 'generated-%'`)) as unknown as {
    rows: { start: number }[];
  };
  const start = existing.rows[0]?.start ?? 0;
  // Rows made here reference each other consistently, so a superuser skips the per-row foreign key checks.
  const superuser = (await db.execute(sql`select rolsuper as yes from pg_roles where rolname = current_user`)) as unknown as {
    rows: { yes: boolean }[];
  };
  const skipChecks = superuser.rows[0]?.yes === true;
  for (let from = start + 1; from <= count; from += batchSize) {
    const to = Math.min(count, from + batchSize - 1);
    await db.transaction(async (tx) => {
      if (skipChecks) await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into products (id, slug, title, description, properties, price_cents, price_full_cents, sort_title, weight, height, width, length)
        select md5('generated-product-' || i)::uuid::text, 'generated-' || i,
          jsonb_build_object('en', 'Generated product ' || i, 'ru', 'Сгенерированный товар ' || i),
          jsonb_build_object('en', '<p>A generated ' || (array['linen','cotton','wool','leather','canvas'])[1 + i % 5] || ' product number ' || i || '.</p>',
                             'ru', '<p>Сгенерированный товар номер ' || i || '.</p>'),
          jsonb_build_array(
            jsonb_build_object('title', jsonb_build_object('en', 'Material', 'ru', 'Материал'),
              'value', jsonb_build_object('en', (array['Linen','Cotton','Wool','Leather','Canvas'])[1 + i % 5], 'ru', (array['Лён','Хлопок','Шерсть','Кожа','Холст'])[1 + i % 5])),
            jsonb_build_object('title', jsonb_build_object('en', 'Country', 'ru', 'Страна'),
              'value', jsonb_build_object('en', (array['Portugal','Italy','Japan','Peru'])[1 + i % 4], 'ru', (array['Португалия','Италия','Япония','Перу'])[1 + i % 4]))),
          1000 + (i * 7919) % 49000, 1000 + (i * 7919) % 49000, 'generated product ' || lpad(i::text, 7, '0'), 0.5, 10, 20, 30
        from generate_series(${from}::int, ${to}::int) as i
        on conflict do nothing`);
      await tx.execute(sql`
        with listed as (select id, row_number() over (order by position, id) - 1 as n, count(*) over () as total from catalogs where enabled)
        insert into catalog_products (catalog_id, product_id, position)
        select listed.id, md5('generated-product-' || i)::uuid::text, 1000 + i
        from generate_series(${from}::int, ${to}::int) as i join listed on listed.n = i % listed.total
        on conflict do nothing`);
      await tx.execute(sql`
        insert into product_options (id, product_id, title, position)
        select md5('generated-option-' || o || '-' || i)::uuid::text, md5('generated-product-' || i)::uuid::text,
          case o when 0 then '{"en":"Colour","ru":"Цвет"}'::jsonb else '{"en":"Size","ru":"Размер"}'::jsonb end, o
        from generate_series(${from}::int, ${to}::int) as i, generate_series(0, 1) as o
        on conflict do nothing`);
      await tx.execute(sql`
        insert into product_option_values (id, option_id, title, position)
        select md5('generated-value-' || o || '-' || v || '-' || i)::uuid::text, md5('generated-option-' || o || '-' || i)::uuid::text,
          case o
            when 0 then jsonb_build_object('en', (array['Black','White','Navy','Olive','Sand','Rust','Grey','Teal'])[1 + (i + v) % 8],
                                           'ru', (array['Чёрный','Белый','Тёмно-синий','Оливковый','Песочный','Ржавый','Серый','Бирюзовый'])[1 + (i + v) % 8])
            else jsonb_build_object('en', (array['S','M','L','XL'])[1 + (i + v) % 4], 'ru', (array['S','M','L','XL'])[1 + (i + v) % 4])
          end, v
        from generate_series(${from}::int, ${to}::int) as i, generate_series(0, 1) as o, generate_series(0, 2) as v
        where o = 0 or v < 2
        on conflict do nothing`);
      await tx.execute(sql`
        insert into variations (id, product_id, sku, is_default, full_price_cents, stock, position)
        select md5('generated-variation-' || c || '-' || s || '-' || i)::uuid::text, md5('generated-product-' || i)::uuid::text,
          'GEN-' || i || '-' || c || s, c = 0 and s = 0, 1000 + (i * 7919) % 49000, (i + c * 3 + s) % 12, c * 2 + s
        from generate_series(${from}::int, ${to}::int) as i, generate_series(0, 2) as c, generate_series(0, 1) as s
        on conflict do nothing`);
      await tx.execute(sql`
        insert into variation_option_values (variation_id, option_value_id)
        select md5('generated-variation-' || c || '-' || s || '-' || i)::uuid::text, md5('generated-value-' || o || '-' || (case o when 0 then c else s end) || '-' || i)::uuid::text
        from generate_series(${from}::int, ${to}::int) as i, generate_series(0, 2) as c, generate_series(0, 1) as s, generate_series(0, 1) as o
        on conflict do nothing`);
    });
  }
  // the search's dictionary (search_words), which triggers keep but the replica role above skips: the words of the new titles
  if (count > start) {
    await db.execute(sql`
      insert into search_words (word)
      select distinct w from (
        select title from products where slug like 'generated-%'
        union all select distinct title from product_option_values
      ) as titled, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, coalesce(titled.title->>'en', '') || ' ' || coalesce(titled.title->>'ru', '')))) as w
      where char_length(w) >= 2 and w !~ '^[0-9]+$'
      on conflict do nothing`);
  }
  await db.execute(sql`analyze`);
  return Math.max(0, count - start);
}
