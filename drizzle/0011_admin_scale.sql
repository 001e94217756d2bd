CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "admin_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"params" jsonb NOT NULL,
	"cursor" jsonb,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb,
	"staff_id" text,
	"staff_name" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "leads_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "products_sort_title_idx";--> statement-breakpoint
ALTER TABLE "admin_jobs" ADD CONSTRAINT "admin_jobs_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_jobs_open_idx" ON "admin_jobs" USING btree ("created_at") WHERE "admin_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "admin_jobs_created_idx" ON "admin_jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "comments_status_created_idx" ON "comments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leads_new_idx" ON "leads" USING btree ("created_at") WHERE "leads"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "leads_search_idx" ON "leads" USING gin (("name" || ' ' || "phone" || ' ' || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("payment_method") WHERE "orders"."status" <> 'canceled' and "orders"."payment_status" <> 'completed';--> statement-breakpoint
CREATE INDEX "orders_awaiting_price_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" <> 'canceled' and "orders"."delivery_price_by_manager" and not "orders"."delivery_price_set";--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_cents","number","status","payment_status","delivery_method","created_at");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ((coalesce("customer"->>'name', '') || ' ' || coalesce("customer"->>'lastName', '') || ' ' || coalesce("customer"->>'email', '') || ' ' || coalesce("receiver"->>'name', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_search_idx" ON "orders" USING gin ((regexp_replace("customer"->>'phone', '\D', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_admin_price_idx" ON "products" USING btree ("price_cents","id","enabled");--> statement-breakpoint
CREATE INDEX "products_admin_created_idx" ON "products" USING btree ("created_at","id","enabled");--> statement-breakpoint
CREATE INDEX "products_admin_updated_idx" ON "products" USING btree ("updated_at","id","enabled");--> statement-breakpoint
CREATE INDEX "products_admin_search_idx" ON "products" USING gin ((coalesce("title"->>'en', '') || ' ' || coalesce("title"->>'ru', '') || ' ' || "slug") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_profiles_search_idx" ON "user_profiles" USING gin (("first_name" || ' ' || "last_name" || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "variations_sku_trgm_idx" ON "variations" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "variations_low_stock_idx" ON "variations" USING btree ("stock") WHERE "variations"."stock" is not null and "variations"."stock" <= 5;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","number","status","payment_status","delivery_method","total_cents");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","number","payment_status","delivery_method","created_at");--> statement-breakpoint
CREATE INDEX "products_sort_title_idx" ON "products" USING btree ("sort_title","id","enabled");