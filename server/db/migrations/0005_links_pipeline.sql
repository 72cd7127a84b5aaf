-- Rows stored before link processing existed take their URL as its normal form.
ALTER TABLE "links" ADD COLUMN "normalized_url" text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE "links" SET "normalized_url" = "url";--> statement-breakpoint
ALTER TABLE "links" ALTER COLUMN "normalized_url" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "final_url" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "redirect_chain" jsonb;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "lead_image_url" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "site_name" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "step" text;--> statement-breakpoint
CREATE INDEX "links_normalized_url_idx" ON "links" USING btree ("normalized_url");