ALTER TABLE "order_items" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_rate" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_tax_rate" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
-- the product's 54-FZ VAT code becomes its tax class: without VAT → exempt, 0% → zero, 10% / 5% / 7% (and their
-- calculated forms) → reduced, the rest (20%, 22%, the method's own) → standard
UPDATE "products" SET "tax_class" = CASE
  WHEN "vat_code" = 1 THEN 'exempt'
  WHEN "vat_code" = 2 THEN 'zero'
  WHEN "vat_code" IN (3, 5, 7, 8, 9, 10) THEN 'reduced'
  ELSE 'standard'
END;--> statement-breakpoint
UPDATE "order_items" SET "tax_class" = "products"."tax_class" FROM "products" WHERE "products"."id" = "order_items"."product_id";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "vat_code";