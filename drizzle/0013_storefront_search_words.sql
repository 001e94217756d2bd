CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_option_values_search_idx" ON "product_option_values" USING gin (to_tsvector('simple'::regconfig, coalesce("title"->>'en', '') || ' ' || coalesce("title"->>'ru', '')));--> statement-breakpoint
CREATE FUNCTION "search_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, coalesce(NEW."title"->>'en', '') || ' ' || coalesce(NEW."title"->>'ru', '')))) AS w
  WHERE char_length(w) >= 2 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_words" AFTER INSERT OR UPDATE OF "title" ON "products" FOR EACH ROW EXECUTE FUNCTION "search_words_add"();--> statement-breakpoint
CREATE TRIGGER "product_option_values_search_words" AFTER INSERT OR UPDATE OF "title" ON "product_option_values" FOR EACH ROW EXECUTE FUNCTION "search_words_add"();--> statement-breakpoint
CREATE TRIGGER "catalogs_search_words" AFTER INSERT OR UPDATE OF "title" ON "catalogs" FOR EACH ROW EXECUTE FUNCTION "search_words_add"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w FROM (
  SELECT "title" FROM "products" UNION ALL SELECT "title" FROM "product_option_values" UNION ALL SELECT "title" FROM "catalogs"
) AS titled, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, coalesce(titled."title"->>'en', '') || ' ' || coalesce(titled."title"->>'ru', '')))) AS w
WHERE char_length(w) >= 2 AND w !~ '^[0-9]+$'
ON CONFLICT DO NOTHING;
