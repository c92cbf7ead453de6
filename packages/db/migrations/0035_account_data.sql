CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'preparing' NOT NULL,
	"document" jsonb,
	"requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_status_known" CHECK ("data_exports"."status" in ('preparing', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"erase_after" timestamp with time zone NOT NULL,
	"erased_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_requested_idx" ON "data_exports" USING btree ("user_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_pending_key" ON "account_deletions" USING btree ("user_id") WHERE "account_deletions"."erased_at" is null;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;
--> statement-breakpoint
-- Signing in cancels a pending deletion (docs/decisions/059), whichever path creates the session
-- (password, two-factor, OIDC, demo): the new session row removes the request and queues the job that
-- tells the person, at the session's own time (the server's clock, not the database's).
CREATE FUNCTION "cancel_account_deletion_on_sign_in"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cancelled uuid;
BEGIN
  DELETE FROM "account_deletions" WHERE "user_id" = NEW."user_id" AND "erased_at" IS NULL RETURNING "id" INTO cancelled;
  IF cancelled IS NOT NULL THEN
    INSERT INTO "jobs" ("name", "payload", "run_at", "dedupe_key", "created_at")
    VALUES ('account-data.deletion-cancelled', jsonb_build_object('userId', NEW."user_id"), NEW."created_at", 'account-deletion-cancelled:' || cancelled, NEW."created_at")
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_cancel_account_deletion" AFTER INSERT ON "sessions" FOR EACH ROW EXECUTE FUNCTION "cancel_account_deletion_on_sign_in"();
