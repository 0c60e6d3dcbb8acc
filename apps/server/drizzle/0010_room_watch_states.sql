CREATE TABLE "room_watch_states" (
	"room_id" text PRIMARY KEY NOT NULL,
	"src" text,
	"playing" boolean DEFAULT false NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"server_time" bigint NOT NULL,
	"rate" double precision DEFAULT 1 NOT NULL,
	"rev" integer DEFAULT 0 NOT NULL,
	"by_user_id" text,
	"by_name" text,
	"action" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_watch_states" ADD CONSTRAINT "room_watch_states_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_watch_states" ADD CONSTRAINT "room_watch_states_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;