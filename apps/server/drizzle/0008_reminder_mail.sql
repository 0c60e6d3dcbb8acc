CREATE TABLE "reminder_mail_sends" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"claim_id" text,
	"claimed_until" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"finished_at" timestamp with time zone,
	"task_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_mail_sends_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "reminder_mail_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"time_zone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_mail_sends" ADD CONSTRAINT "reminder_mail_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_mail_settings" ADD CONSTRAINT "reminder_mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_mail_sends_created_idx" ON "reminder_mail_sends" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reminder_mail_settings_enabled_idx" ON "reminder_mail_settings" USING btree ("time_zone") WHERE "reminder_mail_settings"."enabled";