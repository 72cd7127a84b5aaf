CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_invite" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_code_hash_idx" ON "invitations" USING btree ("code_hash");