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
CREATE INDEX "comments_search_idx" ON "comments" USING gin (("author_name" || ' ' || coalesce("email", '') || ' ' || "text") gin_trgm_ops);--> statement-breakpoint
-- One CSV field as the exports write it (papaparse's rules, formulas defused): empty for null; a text a spreadsheet
-- would run as a formula gets a leading ' and quotes; quotes, commas, line breaks, a byte order mark or a space at
-- either end put it in quotes, with its quotes doubled. The database writes whole lines with it.
CREATE FUNCTION csv_field(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN value IS NULL THEN ''
    WHEN value ~ '^[=+@\t\r-][^\n\r\u2028\u2029]*$' THEN '"''' || replace(value, '"', '""') || '"'
    WHEN value ~ '[\r\n",\ufeff]' OR left(value, 1) = ' ' OR right(value, 1) = ' ' THEN '"' || replace(value, '"', '""') || '"'
    ELSE value
  END
$$;
