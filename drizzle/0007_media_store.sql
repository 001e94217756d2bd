CREATE TABLE "media_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"image_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_location" (
	"id" text PRIMARY KEY DEFAULT 'shop' NOT NULL,
	"store" text NOT NULL,
	"moving_to" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_originals" (
	"hash" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "media_addresses" ADD CONSTRAINT "media_addresses_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_addresses_image_idx" ON "media_addresses" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "images_hash_idx" ON "images" USING btree ("hash");