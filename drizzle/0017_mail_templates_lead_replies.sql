CREATE TABLE "lead_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"lead_id" text NOT NULL,
	"staff_id" text,
	"staff_name" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_template_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"template" text NOT NULL,
	"lang" text NOT NULL,
	"number" integer NOT NULL,
	"subject" text,
	"body" text,
	"staff_id" text,
	"staff_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_replies" ADD CONSTRAINT "lead_replies_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_replies" ADD CONSTRAINT "lead_replies_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_template_versions" ADD CONSTRAINT "mail_template_versions_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_replies_lead_idx" ON "lead_replies" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_template_versions_number_idx" ON "mail_template_versions" USING btree ("template","lang","number");