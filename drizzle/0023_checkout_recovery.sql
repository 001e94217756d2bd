CREATE TABLE "checkout_recoveries" (
	"id" text PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"active_at" timestamp with time zone NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"first_reminder_at" timestamp with time zone,
	"second_reminder_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"order_id" text,
	"recovered_cents" integer,
	"currency" text,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketing_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_recoveries" ADD CONSTRAINT "checkout_recoveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_recoveries" ADD CONSTRAINT "checkout_recoveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_recoveries_key_idx" ON "checkout_recoveries" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "checkout_recoveries_email_idx" ON "checkout_recoveries" USING btree ("email","status");--> statement-breakpoint
CREATE INDEX "checkout_recoveries_user_idx" ON "checkout_recoveries" USING btree ("user_id") WHERE "checkout_recoveries"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "checkout_recoveries_started_idx" ON "checkout_recoveries" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "checkout_recoveries_status_idx" ON "checkout_recoveries" USING btree ("status","started_at","id");--> statement-breakpoint
CREATE INDEX "checkout_recoveries_first_due_idx" ON "checkout_recoveries" USING btree ("active_at") WHERE "checkout_recoveries"."status" = 'open' and "checkout_recoveries"."reminders_sent" = 0;--> statement-breakpoint
CREATE INDEX "checkout_recoveries_second_due_idx" ON "checkout_recoveries" USING btree ("first_reminder_at") WHERE "checkout_recoveries"."status" = 'open' and "checkout_recoveries"."reminders_sent" = 1;--> statement-breakpoint
CREATE INDEX "checkout_recoveries_first_sent_idx" ON "checkout_recoveries" USING btree ("first_reminder_at") WHERE "checkout_recoveries"."first_reminder_at" is not null;--> statement-breakpoint
CREATE INDEX "checkout_recoveries_second_sent_idx" ON "checkout_recoveries" USING btree ("second_reminder_at") WHERE "checkout_recoveries"."second_reminder_at" is not null;--> statement-breakpoint
CREATE INDEX "checkout_recoveries_restored_idx" ON "checkout_recoveries" USING btree ("restored_at") WHERE "checkout_recoveries"."restored_at" is not null;--> statement-breakpoint
CREATE INDEX "checkout_recoveries_recovered_idx" ON "checkout_recoveries" USING btree ("closed_at") WHERE "checkout_recoveries"."recovered_cents" is not null;