CREATE TABLE "room_files" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_files" ADD CONSTRAINT "room_files_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_files" ADD CONSTRAINT "room_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_files_room_created_idx" ON "room_files" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "room_files_uploaded_by_idx" ON "room_files" USING btree ("uploaded_by");