CREATE TABLE "room_note_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"update" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_note_updates" ADD CONSTRAINT "room_note_updates_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_note_updates_room_idx" ON "room_note_updates" USING btree ("room_id","id");