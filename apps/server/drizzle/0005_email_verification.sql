CREATE TABLE "email_verification_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_verification_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_idx" ON "email_verification_tokens" USING btree ("user_id");--> statement-breakpoint
-- Before the unique index: where a room still holds several open invitations to one address
-- (sent at the same instant before this index existed), keep the newest and drop the others.
DELETE FROM "room_invitations" AS "older"
USING "room_invitations" AS "newer"
WHERE "older"."accepted_at" IS NULL
  AND "newer"."accepted_at" IS NULL
  AND "older"."room_id" = "newer"."room_id"
  AND "older"."email" = "newer"."email"
  AND ("older"."created_at", "older"."id") < ("newer"."created_at", "newer"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_invitations_open_email_idx" ON "room_invitations" USING btree ("room_id","email") WHERE "room_invitations"."accepted_at" is null;