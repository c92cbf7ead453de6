CREATE TABLE "trading_asset_picks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"asset_ids" uuid[] NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trading_asset_picks" ADD CONSTRAINT "trading_asset_picks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A pick is read through the per-user read cache (decision 018): announce its changes like the other per-user tables.
CREATE TRIGGER "trading_asset_picks_announce_insert" AFTER INSERT ON "trading_asset_picks" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('user_id');
--> statement-breakpoint
CREATE TRIGGER "trading_asset_picks_announce_update" AFTER UPDATE ON "trading_asset_picks" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('user_id');
--> statement-breakpoint
CREATE TRIGGER "trading_asset_picks_announce_delete" AFTER DELETE ON "trading_asset_picks" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('user_id');
