DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_sort_title_idx";--> statement-breakpoint
CREATE INDEX "product_option_values_title_en_idx" ON "product_option_values" USING btree (lower("title"->>'en'));--> statement-breakpoint
CREATE INDEX "product_option_values_title_ru_idx" ON "product_option_values" USING btree (lower("title"->>'ru'));--> statement-breakpoint
CREATE INDEX "product_options_title_en_idx" ON "product_options" USING btree (lower("title"->>'en'));--> statement-breakpoint
CREATE INDEX "product_options_title_ru_idx" ON "product_options" USING btree (lower("title"->>'ru'));--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","sort_title","id");--> statement-breakpoint
CREATE INDEX "products_sort_title_idx" ON "products" USING btree ("sort_title","id");