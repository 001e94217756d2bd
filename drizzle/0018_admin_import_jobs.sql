CREATE TABLE "admin_job_items" (
	"job_id" text NOT NULL,
	"row" integer NOT NULL,
	"slug" text NOT NULL,
	"draft" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "admin_job_items_job_id_row_pk" PRIMARY KEY("job_id","row")
);
--> statement-breakpoint
ALTER TABLE "admin_job_items" ADD CONSTRAINT "admin_job_items_job_id_admin_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."admin_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_created_idx" ON "comments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin (("author_name" || ' ' || coalesce("email", '') || ' ' || "text") gin_trgm_ops);