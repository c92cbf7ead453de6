-- The change feed (0013) also names shared tables: after every statement that writes one of the
-- tables below, the database announces 'table:<name>' on myeai_user_changes (on commit only,
-- duplicates in a transaction folded). The compass grid, the same for every viewer of a visibility
-- key, is built from exactly these tables; its in-memory cache drops when one of them is named,
-- whatever wrote it (a vote, a close job, an admin change, a seed, a script's SQL) and on whichever
-- instance. The same channel as the per-user announcements, so one connection hears both in commit
-- order and a test's barrier on that channel waits for both (decision 031).
CREATE FUNCTION "announce_table_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('myeai_user_changes', 'table:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['trading_assets', 'trading_timeframes', 'trading_settings', 'sentiment_aggregates', 'entry_windows'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_changes"()', t || '_announce_change', t);
  END LOOP;
END $$;
