CREATE TABLE "back_in_stock_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"variation_id" text NOT NULL,
	"product_id" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "back_in_stock_variation_counts" (
	"variation_id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"unconfirmed" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"unsubscribed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_subscriptions" ADD CONSTRAINT "back_in_stock_subscriptions_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_subscriptions" ADD CONSTRAINT "back_in_stock_subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_subscriptions" ADD CONSTRAINT "back_in_stock_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_variation_email_idx" ON "back_in_stock_subscriptions" USING btree ("variation_id","email");--> statement-breakpoint
CREATE INDEX "back_in_stock_product_idx" ON "back_in_stock_subscriptions" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "back_in_stock_created_idx" ON "back_in_stock_subscriptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "back_in_stock_due_idx" ON "back_in_stock_subscriptions" USING btree ("due_at","id") WHERE "back_in_stock_subscriptions"."due_at" is not null and "back_in_stock_subscriptions"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "back_in_stock_notified_idx" ON "back_in_stock_subscriptions" USING btree ("notified_at","id") WHERE "back_in_stock_subscriptions"."notified_at" is not null;--> statement-breakpoint
CREATE INDEX "back_in_stock_counts_awaited_idx" ON "back_in_stock_variation_counts" USING btree ("waiting" DESC NULLS LAST,"unconfirmed" DESC NULLS LAST,"variation_id");--> statement-breakpoint
CREATE INDEX "wishlist_items_user_idx" ON "wishlist_items" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION variations_back_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE back_in_stock_subscriptions SET due_at = now()
  WHERE variation_id = NEW.id AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL
    AND notified_at IS NULL AND due_at IS NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER variations_back_in_stock AFTER UPDATE OF stock ON variations
  FOR EACH ROW WHEN (OLD.stock IS NOT NULL AND OLD.stock <= 0 AND (NEW.stock IS NULL OR NEW.stock > 0))
  EXECUTE FUNCTION variations_back_in_stock();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION back_in_stock_status(confirmed timestamptz, unsubscribed timestamptz, notified timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN notified IS NOT NULL THEN 'sent' WHEN unsubscribed IS NOT NULL THEN 'unsubscribed'
    WHEN confirmed IS NOT NULL THEN 'waiting' ELSE 'unconfirmed' END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION back_in_stock_count(target text, product text, status text, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO back_in_stock_variation_counts AS c (variation_id, product_id, waiting, unconfirmed, sent, unsubscribed)
  VALUES (target, product, (status = 'waiting')::int * delta, (status = 'unconfirmed')::int * delta,
    (status = 'sent')::int * delta, (status = 'unsubscribed')::int * delta)
  ON CONFLICT (variation_id) DO UPDATE SET waiting = c.waiting + excluded.waiting, unconfirmed = c.unconfirmed + excluded.unconfirmed,
    sent = c.sent + excluded.sent, unsubscribed = c.unsubscribed + excluded.unsubscribed;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION back_in_stock_subscription_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_status text;
  after_status text;
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM variations WHERE id = OLD.variation_id) THEN
    DELETE FROM back_in_stock_variation_counts WHERE variation_id = OLD.variation_id;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    before_status := back_in_stock_status(OLD.confirmed_at, OLD.unsubscribed_at, OLD.notified_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    after_status := back_in_stock_status(NEW.confirmed_at, NEW.unsubscribed_at, NEW.notified_at);
  END IF;
  IF TG_OP = 'UPDATE' AND before_status = after_status AND OLD.variation_id = NEW.variation_id THEN
    RETURN NULL;
  END IF;
  IF before_status IS NOT NULL THEN
    PERFORM back_in_stock_count(OLD.variation_id, OLD.product_id, before_status, -1);
  END IF;
  IF after_status IS NOT NULL THEN
    PERFORM back_in_stock_count(NEW.variation_id, NEW.product_id, after_status, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER back_in_stock_subscription_counts AFTER INSERT OR DELETE OR UPDATE OF variation_id, confirmed_at, unsubscribed_at, notified_at
  ON back_in_stock_subscriptions FOR EACH ROW EXECUTE FUNCTION back_in_stock_subscription_counts();
