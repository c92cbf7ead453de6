-- The change feed: after every statement that writes a user's rows in the tables below, the
-- database announces the user's id on the channel myeai_user_changes (delivered on commit only,
-- duplicates within a transaction folded by PostgreSQL). App instances keep per-user read caches
-- (session, plan, notifications, leads, Business Hub) and drop a user's entries when the id
-- arrives. Triggers rather than calls in the services: no write path, job, admin action or
-- migration can forget to announce a change.
-- Statement-level with transition tables, so a 1,000-row import costs one trigger call.
-- TG_ARGV names the columns that hold the user ids affected by a row.
CREATE FUNCTION "announce_user_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text;
  uid text;
BEGIN
  FOREACH col IN ARRAY TG_ARGV LOOP
    FOR uid IN EXECUTE format('SELECT DISTINCT %I::text FROM changed_rows WHERE %I IS NOT NULL', col, col) LOOP
      PERFORM pg_notify('myeai_user_changes', uid);
    END LOOP;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- users: a change of anything but last_seen_at (written once a minute per active user) is
-- announced for the user and for their referrer (whose referral figures count them).
CREATE FUNCTION "announce_user_row_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid text;
BEGIN
  FOR uid IN
    SELECT DISTINCT x FROM (
      SELECT n."id"::text AS id, n."referred_by"::text AS referrer, o."referred_by"::text AS old_referrer
      FROM new_users n JOIN old_users o ON o."id" = n."id"
      WHERE (to_jsonb(n) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(o) - 'last_seen_at')
    ) changed, LATERAL (VALUES (changed.id), (changed.referrer), (changed.old_referrer)) AS ids(x)
    WHERE x IS NOT NULL
  LOOP
    PERFORM pg_notify('myeai_user_changes', uid);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_announce_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('id', 'referred_by');
--> statement-breakpoint
CREATE TRIGGER "users_announce_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_row_changes"();
--> statement-breakpoint
CREATE TRIGGER "users_announce_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('id', 'referred_by');
--> statement-breakpoint
-- The same three triggers on each table of per-user rows that a cached read depends on.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sessions', 'subscriptions', 'trials', 'notifications', 'notification_settings', 'leads', 'commissions', 'goals'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"(%L)', t || '_announce_insert', t, 'user_id');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"(%L)', t || '_announce_update', t, 'user_id');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"(%L)', t || '_announce_delete', t, 'user_id');
  END LOOP;
END $$;
