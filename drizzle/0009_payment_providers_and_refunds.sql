CREATE TABLE "payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"reason" text,
	"staff_id" text,
	"staff_name" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "provider_data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "captured_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "attention" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_code" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_transaction_idx" ON "payment_refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_refund_idx" ON "payment_refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_idempotency_idx" ON "payment_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_transactions_attention_idx" ON "payment_transactions" USING btree ("order_id") WHERE "payment_transactions"."attention" is not null;