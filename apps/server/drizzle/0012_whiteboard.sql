CREATE TABLE "whiteboard_elements" (
	"room_id" text NOT NULL,
	"element_id" text NOT NULL,
	"version" bigint NOT NULL,
	"version_nonce" bigint NOT NULL,
	"is_deleted" boolean NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whiteboard_elements_room_id_element_id_pk" PRIMARY KEY("room_id","element_id")
);
--> statement-breakpoint
ALTER TABLE "whiteboard_elements" ADD CONSTRAINT "whiteboard_elements_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;