ALTER TABLE "room_messages" ADD COLUMN "client_id" text;--> statement-breakpoint
CREATE INDEX "room_messages_room_id_idx" ON "room_messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_messages_client_id_idx" ON "room_messages" USING btree ("room_id","user_id","client_id");