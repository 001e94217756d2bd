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
CREATE INDEX "variations_sku_idx" ON "variations" USING btree ("sku");--> statement-breakpoint
-- One CSV field as the exports write it (papaparse's rules, formulas defused): empty for null; a text a spreadsheet
-- would run as a formula (starting with = + - @, a tab or a carriage return, on one line) gets a leading ' and quotes;
-- quotes, commas, line breaks, a byte order mark or a space at either end put it in quotes, with its quotes doubled.
-- The database writes whole lines with it. PL/pgSQL rather than SQL: an inlined SQL function would compute its
-- argument once per mention, and strpos is cheaper than a regular expression per field.
CREATE FUNCTION csv_field(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  first text := left(value, 1);
  rest text;
BEGIN
  IF value IS NULL THEN RETURN ''; END IF;
  IF first IN ('=', '+', '-', '@', E'\t', E'\r') THEN
    rest := substr(value, 2);
    IF strpos(rest, E'\n') = 0 AND strpos(rest, E'\r') = 0 AND strpos(rest, U&'\2028') = 0 AND strpos(rest, U&'\2029') = 0 THEN
      RETURN '"''' || replace(value, '"', '""') || '"';
    END IF;
  END IF;
  IF strpos(value, ',') > 0 OR strpos(value, '"') > 0 OR strpos(value, E'\n') > 0 OR strpos(value, E'\r') > 0
    OR strpos(value, U&'\FEFF') > 0 OR first = ' ' OR right(value, 1) = ' ' THEN
    RETURN '"' || replace(value, '"', '""') || '"';
  END IF;
  RETURN value;
END
$$;
