CREATE TABLE "room_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"shared_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_shares" ADD CONSTRAINT "room_shares_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_shares" ADD CONSTRAINT "room_shares_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_shares" ADD CONSTRAINT "room_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_shares" ADD CONSTRAINT "room_shares_record_fk" FOREIGN KEY ("owner_id","kind","record_id") REFERENCES "public"."sync_records"("owner_id","kind","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "room_shares_record_idx" ON "room_shares" USING btree ("room_id","owner_id","kind","record_id");--> statement-breakpoint
CREATE INDEX "room_shares_room_created_idx" ON "room_shares" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "room_shares_owner_record_idx" ON "room_shares" USING btree ("owner_id","kind","record_id");