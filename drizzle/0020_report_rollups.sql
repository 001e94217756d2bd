CREATE TABLE "report_calendar" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_day_customers" (
	"day" date NOT NULL,
	"customer_id" text NOT NULL,
	"previous_day" date,
	CONSTRAINT "report_day_customers_day_customer_id_pk" PRIMARY KEY("day","customer_id")
);
--> statement-breakpoint
CREATE TABLE "report_day_ranks" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"orders" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_day_ranks_kind_day_key_title_pk" PRIMARY KEY("kind","day","key","title")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"account_orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	"carts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_day_customers_previous_idx" ON "report_day_customers" USING btree ("day","previous_day");
--> statement-breakpoint
INSERT INTO "report_calendar" ("id", "time_zone") VALUES (1, 'UTC');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM report_calendar WHERE id = 1), 'UTC');
$$;
--> statement-breakpoint
-- the days of the shop's calendar whose figures an order of this customer at this time can change: its own day and
-- the customer's next day with a counted order (whose row's previous day, and so whether they are new, may change)
CREATE OR REPLACE FUNCTION report_days_touched(buyer text, placed_at timestamptz, zone text) RETURNS SETOF date LANGUAGE sql STABLE AS $$
  SELECT (placed_at AT TIME ZONE zone)::date
  UNION ALL
  SELECT (min(o.created_at) AT TIME ZONE zone)::date FROM orders o
  WHERE buyer IS NOT NULL AND o.customer_id = buyer AND o.status <> 'canceled'
    AND o.created_at >= (((placed_at AT TIME ZONE zone)::date + 1)::timestamp AT TIME ZONE zone)
  HAVING min(o.created_at) IS NOT NULL;
$$;
--> statement-breakpoint
-- computes the roll-ups of the given days again from the orders (counted: not canceled), in one statement per table
CREATE OR REPLACE FUNCTION report_refresh(affected date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := report_zone();
BEGIN
  affected := ARRAY(SELECT DISTINCT d FROM unnest(affected) d WHERE d IS NOT NULL);
  IF cardinality(affected) = 0 THEN
    RETURN;
  END IF;
  -- one writer per day until its transaction ends, in day order: two orders placed at once on the same day would
  -- otherwise both write the day's rows; each statement below then sees what the other committed
  PERFORM pg_advisory_xact_lock(7305, d - DATE '2000-01-01') FROM unnest(affected) d ORDER BY d;
  DELETE FROM report_day_customers WHERE day = ANY (affected);
  DELETE FROM report_day_ranks WHERE day = ANY (affected);
  INSERT INTO report_day_customers (day, customer_id, previous_day)
  SELECT d.day, o.customer_id, (
      SELECT (max(p.created_at) AT TIME ZONE zone)::date FROM orders p WHERE p.customer_id = o.customer_id AND p.status <> 'canceled'
        AND p.created_at < (d.day::timestamp AT TIME ZONE zone))
  FROM unnest(affected) d(day)
  JOIN orders o ON o.created_at >= (d.day::timestamp AT TIME ZONE zone) AND o.created_at < ((d.day + 1)::timestamp AT TIME ZONE zone)
  WHERE o.status <> 'canceled' AND o.customer_id IS NOT NULL
  GROUP BY d.day, o.customer_id;
  INSERT INTO report_days AS r (day, orders, account_orders, revenue_cents, refunds_cents, items, customers, new_customers)
  SELECT d.day, count(o.id), count(o.id) FILTER (WHERE o.user_id IS NOT NULL), coalesce(sum(o.total_cents), 0),
    coalesce(sum((SELECT sum(f.amount_cents) FROM payment_refunds f WHERE f.order_id = o.id AND f.status = 'succeeded')), 0),
    coalesce(sum((SELECT sum(i.quantity) FROM order_items i WHERE i.order_id = o.id)), 0),
    (SELECT count(*) FROM report_day_customers c WHERE c.day = d.day),
    (SELECT count(*) FROM report_day_customers c WHERE c.day = d.day AND c.previous_day IS NULL)
  FROM unnest(affected) d(day)
  LEFT JOIN orders o ON o.created_at >= (d.day::timestamp AT TIME ZONE zone) AND o.created_at < ((d.day + 1)::timestamp AT TIME ZONE zone)
    AND o.status <> 'canceled'
  GROUP BY d.day
  ON CONFLICT (day) DO UPDATE SET orders = excluded.orders, account_orders = excluded.account_orders,
    revenue_cents = excluded.revenue_cents, refunds_cents = excluded.refunds_cents, items = excluded.items,
    customers = excluded.customers, new_customers = excluded.new_customers;
  INSERT INTO report_day_ranks (kind, day, key, title, orders, quantity, revenue_cents, discount_cents)
  SELECT 'product', d.day, coalesce(i.product_id, i.title), max(i.title), count(DISTINCT o.id), sum(i.quantity), sum(i.total_cents), 0
  FROM unnest(affected) d(day)
  JOIN orders o ON o.created_at >= (d.day::timestamp AT TIME ZONE zone) AND o.created_at < ((d.day + 1)::timestamp AT TIME ZONE zone)
  JOIN order_items i ON i.order_id = o.id
  WHERE o.status <> 'canceled'
  GROUP BY d.day, coalesce(i.product_id, i.title)
  UNION ALL
  SELECT 'catalog', d.day, cp.catalog_id, '', count(DISTINCT o.id), sum(i.quantity), sum(i.total_cents), 0
  FROM unnest(affected) d(day)
  JOIN orders o ON o.created_at >= (d.day::timestamp AT TIME ZONE zone) AND o.created_at < ((d.day + 1)::timestamp AT TIME ZONE zone)
  JOIN order_items i ON i.order_id = o.id
  JOIN catalog_products cp ON cp.product_id = i.product_id
  WHERE o.status <> 'canceled'
  GROUP BY d.day, cp.catalog_id
  UNION ALL
  SELECT 'code', d.day, o.discount_code_id, '', count(*), 0, sum(o.total_cents), sum(o.discount_cents)
  FROM unnest(affected) d(day)
  JOIN orders o ON o.created_at >= (d.day::timestamp AT TIME ZONE zone) AND o.created_at < ((d.day + 1)::timestamp AT TIME ZONE zone)
  WHERE o.status <> 'canceled' AND o.discount_code_id IS NOT NULL
  GROUP BY d.day, o.discount_code_id
  UNION ALL
  SELECT 'delivery', d.day, o.delivery_method, coalesce(o.delivery_title, ''), count(*), 0, sum(o.total_cents), 0
  FROM unnest(affected) d(day)
  JOIN orders o ON o.created_at >= (d.day::timestamp AT TIME ZONE zone) AND o.created_at < ((d.day + 1)::timestamp AT TIME ZONE zone)
  WHERE o.status <> 'canceled'
  GROUP BY d.day, o.delivery_method, coalesce(o.delivery_title, '');
END;
$$;
--> statement-breakpoint
-- every day from the first order's to the last one's, as after a change of the shop's time zone
CREATE OR REPLACE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := report_zone();
  first_day date;
  last_day date;
BEGIN
  SELECT (min(created_at) AT TIME ZONE zone)::date, (max(created_at) AT TIME ZONE zone)::date INTO first_day, last_day FROM orders;
  DELETE FROM report_day_customers;
  DELETE FROM report_day_ranks;
  UPDATE report_days SET orders = 0, account_orders = 0, revenue_cents = 0, refunds_cents = 0, items = 0, customers = 0, new_customers = 0;
  IF first_day IS NOT NULL THEN
    PERFORM report_refresh(ARRAY(SELECT generate_series(first_day, last_day, interval '1 day')::date));
  END IF;
END;
$$;
--> statement-breakpoint
-- the order columns a report reads; an update touching none of them (payment, notes, versions…) refreshes nothing
CREATE OR REPLACE FUNCTION report_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := report_zone();
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_refresh(ARRAY(
      SELECT t FROM new_rows n, report_days_touched(n.customer_id, n.created_at, zone) t WHERE n.status <> 'canceled'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_refresh(ARRAY(
      SELECT t FROM old_rows o, report_days_touched(o.customer_id, o.created_at, zone) t WHERE o.status <> 'canceled'));
  ELSE
    PERFORM report_refresh(ARRAY(
      SELECT t FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (SELECT report_days_touched(o.customer_id, o.created_at, zone) UNION ALL SELECT report_days_touched(n.customer_id, n.created_at, zone)) x(t)
      WHERE (o.status = 'canceled') IS DISTINCT FROM (n.status = 'canceled')
        OR (n.status <> 'canceled' AND (
          o.created_at IS DISTINCT FROM n.created_at OR o.total_cents IS DISTINCT FROM n.total_cents
          OR o.discount_cents IS DISTINCT FROM n.discount_cents OR o.discount_code_id IS DISTINCT FROM n.discount_code_id
          OR o.delivery_method IS DISTINCT FROM n.delivery_method OR o.delivery_title IS DISTINCT FROM n.delivery_title
          OR o.customer_id IS DISTINCT FROM n.customer_id OR o.user_id IS DISTINCT FROM n.user_id))));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
CREATE TRIGGER report_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
CREATE TRIGGER report_orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
-- a line or a refund changes the day of its order (an order deleted with it is refreshed by the orders' trigger)
CREATE OR REPLACE FUNCTION report_order_parts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := report_zone();
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_refresh(ARRAY(
      SELECT DISTINCT (o.created_at AT TIME ZONE zone)::date FROM orders o WHERE o.status <> 'canceled' AND o.id IN (SELECT order_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_refresh(ARRAY(
      SELECT DISTINCT (o.created_at AT TIME ZONE zone)::date FROM orders o WHERE o.status <> 'canceled' AND o.id IN (SELECT order_id FROM old_rows)));
  ELSE
    PERFORM report_refresh(ARRAY(
      SELECT DISTINCT (o.created_at AT TIME ZONE zone)::date FROM orders o WHERE o.status <> 'canceled'
        AND (o.id IN (SELECT order_id FROM new_rows) OR o.id IN (SELECT order_id FROM old_rows))));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_order_items_inserted AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_order_parts_changed();
--> statement-breakpoint
CREATE TRIGGER report_order_items_updated AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_order_parts_changed();
--> statement-breakpoint
CREATE TRIGGER report_order_items_deleted AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_order_parts_changed();
--> statement-breakpoint
CREATE TRIGGER report_payment_refunds_inserted AFTER INSERT ON payment_refunds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_order_parts_changed();
--> statement-breakpoint
CREATE TRIGGER report_payment_refunds_updated AFTER UPDATE ON payment_refunds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_order_parts_changed();
--> statement-breakpoint
CREATE TRIGGER report_payment_refunds_deleted AFTER DELETE ON payment_refunds REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_order_parts_changed();
--> statement-breakpoint
-- the shop's report time zone follows settings ecommerce.reportTimeZone when the database knows the zone
CREATE OR REPLACE FUNCTION report_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted text := coalesce(nullif(NEW.value->>'reportTimeZone', ''), 'UTC');
BEGIN
  IF NEW."group" <> 'ecommerce' OR wanted = report_zone() THEN
    RETURN NULL;
  END IF;
  BEGIN
    PERFORM now() AT TIME ZONE wanted;
  EXCEPTION WHEN others THEN
    RETURN NULL;
  END;
  INSERT INTO report_calendar (id, time_zone) VALUES (1, wanted) ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone;
  PERFORM report_rebuild();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_settings_changed AFTER INSERT OR UPDATE ON settings
  FOR EACH ROW EXECUTE FUNCTION report_settings_changed();
--> statement-breakpoint
UPDATE "report_calendar" SET "time_zone" = coalesce((
  SELECT nullif(value->>'reportTimeZone', '') FROM settings s
  WHERE s."group" = 'ecommerce' AND EXISTS (SELECT 1 FROM pg_timezone_names z WHERE z.name = s.value->>'reportTimeZone')), 'UTC');
--> statement-breakpoint
SELECT report_rebuild();
