ALTER TABLE "files" ADD COLUMN "image_text" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "image_caption" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "image_read_at" timestamp with time zone;