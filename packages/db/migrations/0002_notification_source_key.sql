ALTER TABLE "notifications" ADD COLUMN "source_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_source_key" ON "notifications" USING btree ("user_id","source_key");