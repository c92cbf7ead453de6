-- Issue 29 part B (decision record 058): what "my sessions" shows of each session, and two-factor sign-in.
-- The address is stored masked (203.0.113.x), never raw (DESIGN.md decision 29); the place comes
-- from an optional GeoIP database at sign-in.
ALTER TABLE "sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "place" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
-- sessions: an update that only moves last_seen_at (once a minute per active session) is not a
-- change any cache shows, so it is not announced (the users table does the same since 0013).
CREATE FUNCTION "announce_session_row_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid text;
BEGIN
  FOR uid IN
    SELECT DISTINCT n."user_id"::text
    FROM new_sessions n JOIN old_sessions o ON o."id" = n."id"
    WHERE (to_jsonb(n) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(o) - 'last_seen_at')
  LOOP
    PERFORM pg_notify('myeai_user_changes', uid);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "sessions_announce_update" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_announce_update" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS old_sessions NEW TABLE AS new_sessions FOR EACH STATEMENT EXECUTE FUNCTION "announce_session_row_changes"();
--> statement-breakpoint
CREATE TABLE "two_factor_credentials" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_used_step" bigint,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"failed_since" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_recovery_codes_user_code_key" ON "two_factor_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE TABLE "two_factor_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "two_factor_challenges_user_idx" ON "two_factor_challenges" USING btree ("user_id");--> statement-breakpoint
-- The cached session knows whether its user has two-factor on (the admin gate): a change of the
-- credential is announced like the user's own rows (0013).
CREATE TRIGGER "two_factor_credentials_announce_insert" AFTER INSERT ON "two_factor_credentials" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('user_id');--> statement-breakpoint
CREATE TRIGGER "two_factor_credentials_announce_update" AFTER UPDATE ON "two_factor_credentials" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('user_id');--> statement-breakpoint
CREATE TRIGGER "two_factor_credentials_announce_delete" AFTER DELETE ON "two_factor_credentials" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('user_id');
