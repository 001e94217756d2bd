CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"email" text,
	"phone" text,
	"phone_key" text,
	"name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text NOT NULL,
	"opened_by" text NOT NULL,
	"staff_name" text,
	"restock" boolean DEFAULT false NOT NULL,
	"refund_id" text,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"carrier" text DEFAULT 'other' NOT NULL,
	"tracking_number" text,
	"tracking_url" text,
	"staff_id" text,
	"staff_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_user_idx" ON "customers" USING btree ("user_id") WHERE "customers"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_idx" ON "customers" USING btree ("email") WHERE "customers"."email" is not null;--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_returns_status_idx" ON "order_returns" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "order_shipments_order_idx" ON "order_shipments" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("invoice_number") WHERE "orders"."invoice_number" is not null;
--> statement-breakpoint
INSERT INTO "customers" ("id", "user_id", "email", "phone", "phone_key", "name", "last_name", "created_at", "updated_at")
SELECT u."id", u."id", lower(trim(u."email")), p."phone", nullif(regexp_replace(coalesce(p."phone", ''), '\D', '', 'g'), ''),
  coalesce(p."first_name", ''), coalesce(p."last_name", ''), u."created_at", u."created_at"
FROM "users" u LEFT JOIN "user_profiles" p ON p."user_id" = u."id";--> statement-breakpoint
UPDATE "orders" o SET "customer_id" = c."id" FROM "customers" c WHERE o."user_id" IS NOT NULL AND c."user_id" = o."user_id";--> statement-breakpoint
INSERT INTO "customers" ("id", "email", "phone", "phone_key", "name", "last_name", "created_at", "updated_at")
SELECT DISTINCT ON (lower(trim(o."customer"->>'email'))) gen_random_uuid()::text, lower(trim(o."customer"->>'email')), o."customer"->>'phone',
  nullif(regexp_replace(coalesce(o."customer"->>'phone', ''), '\D', '', 'g'), ''), coalesce(o."customer"->>'name', ''),
  coalesce(o."customer"->>'lastName', ''), o."created_at", o."created_at"
FROM "orders" o
WHERE o."customer_id" IS NULL AND coalesce(trim(o."customer"->>'email'), '') <> ''
  AND NOT EXISTS (SELECT 1 FROM "customers" c WHERE c."email" = lower(trim(o."customer"->>'email')))
ORDER BY lower(trim(o."customer"->>'email')), o."created_at";--> statement-breakpoint
UPDATE "orders" o SET "customer_id" = c."id" FROM "customers" c
WHERE o."customer_id" IS NULL AND c."email" = lower(trim(o."customer"->>'email'));--> statement-breakpoint
INSERT INTO "customers" ("id", "phone", "phone_key", "name", "last_name", "created_at", "updated_at")
SELECT DISTINCT ON (regexp_replace(o."customer"->>'phone', '\D', '', 'g')) gen_random_uuid()::text, o."customer"->>'phone',
  regexp_replace(o."customer"->>'phone', '\D', '', 'g'), coalesce(o."customer"->>'name', ''), coalesce(o."customer"->>'lastName', ''),
  o."created_at", o."created_at"
FROM "orders" o
WHERE o."customer_id" IS NULL AND regexp_replace(coalesce(o."customer"->>'phone', ''), '\D', '', 'g') <> ''
  AND NOT EXISTS (SELECT 1 FROM "customers" c WHERE c."phone_key" = regexp_replace(o."customer"->>'phone', '\D', '', 'g'))
ORDER BY regexp_replace(o."customer"->>'phone', '\D', '', 'g'), o."created_at";--> statement-breakpoint
UPDATE "orders" o SET "customer_id" = (
  SELECT c."id" FROM "customers" c WHERE c."phone_key" = regexp_replace(o."customer"->>'phone', '\D', '', 'g') ORDER BY c."created_at", c."id" LIMIT 1
) WHERE o."customer_id" IS NULL;
