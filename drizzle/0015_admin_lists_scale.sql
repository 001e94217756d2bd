DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
DROP INDEX "audit_log_staff_idx";--> statement-breakpoint
DROP INDEX "customers_created_idx";--> statement-breakpoint
DROP INDEX "leads_search_idx";--> statement-breakpoint
DROP INDEX "variations_low_stock_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "orders_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "spent_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "articles_updated_idx" ON "articles" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "articles_title_sort_idx" ON "articles" USING btree (lower("title"->>'en'),"id");--> statement-breakpoint
CREATE INDEX "articles_admin_search_idx" ON "articles" USING gin ((coalesce("title"->>'en', '') || ' ' || coalesce("title"->>'ru', '') || ' ' || "slug" || ' ' || coalesce("author_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_entity_type_idx" ON "audit_log" USING btree ("entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_email_sort_idx" ON "customers" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "customers_orders_count_idx" ON "customers" USING btree ("orders_count","id");--> statement-breakpoint
CREATE INDEX "customers_spent_idx" ON "customers" USING btree ("spent_cents","id");--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin (("name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || coalesce("phone", '') || ' ' || coalesce("phone_key", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_tags_idx" ON "customers" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "images_created_idx" ON "images" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "images_search_idx" ON "images" USING gin (("name" || ' ' || coalesce("alt"->>'en', '') || ' ' || coalesce("alt"->>'ru', '') || ' ' || coalesce("title"->>'en', '') || ' ' || coalesce("title"->>'ru', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_rating_idx" ON "reviews" USING btree ("rating","id");--> statement-breakpoint
CREATE INDEX "reviews_search_idx" ON "reviews" USING gin (("author_name" || ' ' || coalesce("email", '') || ' ' || "text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_search_idx" ON "leads" USING gin (("name" || ' ' || "phone" || ' ' || coalesce("email", '') || ' ' || coalesce("text", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "variations_low_stock_idx" ON "variations" USING btree ("stock","id") WHERE "variations"."stock" is not null and "variations"."stock" <= 5;--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_figures_refresh(target text) RETURNS void LANGUAGE sql AS $$
  UPDATE customers SET
    orders_count = (SELECT count(*) FROM orders WHERE customer_id = target),
    spent_cents = (SELECT coalesce(sum(total_cents), 0) FROM orders WHERE customer_id = target AND status <> 'canceled')
      - (SELECT coalesce(sum(r.amount_cents), 0) FROM payment_refunds r JOIN orders o ON o.id = r.order_id
         WHERE o.customer_id = target AND o.status <> 'canceled' AND r.status = 'succeeded')
  WHERE id = target;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_customer_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.customer_id IS NOT NULL THEN
    PERFORM customer_figures_refresh(OLD.customer_id);
  END IF;
  IF TG_OP = 'INSERT' AND NEW.customer_id IS NOT NULL THEN
    PERFORM customer_figures_refresh(NEW.customer_id);
  ELSIF TG_OP = 'UPDATE' AND NEW.customer_id IS NOT NULL AND NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
    PERFORM customer_figures_refresh(NEW.customer_id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_customer_figures AFTER INSERT OR DELETE OR UPDATE OF customer_id, status, total_cents ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_customer_figures();--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_refunds_customer_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT customer_id INTO target FROM orders WHERE id = OLD.order_id;
  ELSE
    SELECT customer_id INTO target FROM orders WHERE id = NEW.order_id;
  END IF;
  IF target IS NOT NULL THEN
    PERFORM customer_figures_refresh(target);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER payment_refunds_customer_figures AFTER INSERT OR DELETE OR UPDATE OF status, amount_cents, order_id ON payment_refunds
  FOR EACH ROW EXECUTE FUNCTION payment_refunds_customer_figures();--> statement-breakpoint
WITH placed AS (
  SELECT customer_id AS id, count(*) AS n, coalesce(sum(total_cents) FILTER (WHERE status <> 'canceled'), 0) AS spent
  FROM orders WHERE customer_id IS NOT NULL GROUP BY customer_id
), refunded AS (
  SELECT o.customer_id AS id, sum(r.amount_cents) AS amount
  FROM payment_refunds r JOIN orders o ON o.id = r.order_id
  WHERE o.customer_id IS NOT NULL AND o.status <> 'canceled' AND r.status = 'succeeded' GROUP BY o.customer_id
)
UPDATE customers c SET orders_count = placed.n, spent_cents = placed.spent - coalesce(refunded.amount, 0)
FROM placed LEFT JOIN refunded ON refunded.id = placed.id
WHERE c.id = placed.id;
