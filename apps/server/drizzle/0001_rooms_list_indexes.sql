DROP INDEX "rooms_public_created_idx";--> statement-breakpoint
CREATE INDEX "rooms_created_idx" ON "rooms" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "rooms_public_created_idx" ON "rooms" USING btree ("is_private","created_at","id");