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
CREATE INDEX "wishlist_items_user_idx" ON "wishlist_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION variations_back_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE back_in_stock_subscriptions SET due_at = now()
  WHERE variation_id = NEW.id AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL
    AND notified_at IS NULL AND due_at IS NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER variations_back_in_stock AFTER UPDATE OF stock ON variations
  FOR EACH ROW WHEN (OLD.stock IS NOT NULL AND OLD.stock <= 0 AND (NEW.stock IS NULL OR NEW.stock > 0))
  EXECUTE FUNCTION variations_back_in_stock();
