CREATE TABLE "focus_days" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"focus_ms" bigint DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "focus_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "focus_goals" (
	"user_id" text NOT NULL,
	"task_id" text NOT NULL,
	"day" text NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "focus_goals_user_id_task_id_pk" PRIMARY KEY("user_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "focus_participants" (
	"room_id" text NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" bigint NOT NULL,
	"goal_task_id" text,
	"goal_title" text,
	"recap_due" boolean DEFAULT false NOT NULL,
	CONSTRAINT "focus_participants_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "focus_sessions" (
	"room_id" text PRIMARY KEY NOT NULL,
	"phase" text NOT NULL,
	"round" integer NOT NULL,
	"phase_started_at" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"paused_remaining_ms" integer,
	"ends_at" bigint,
	"settings" jsonb NOT NULL,
	"rev" integer NOT NULL,
	"by_user_id" text,
	"by_name" text,
	"change" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "focus_days" ADD CONSTRAINT "focus_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_goals" ADD CONSTRAINT "focus_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_participants" ADD CONSTRAINT "focus_participants_room_id_focus_sessions_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."focus_sessions"("room_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_participants" ADD CONSTRAINT "focus_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_sessions" ADD CONSTRAINT "focus_sessions_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_sessions" ADD CONSTRAINT "focus_sessions_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "focus_goals_user_day_idx" ON "focus_goals" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "focus_sessions_ends_at_idx" ON "focus_sessions" USING btree ("ends_at") WHERE "focus_sessions"."ends_at" is not null;