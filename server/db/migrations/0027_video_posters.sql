ALTER TABLE "files" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "poster_key" text;
