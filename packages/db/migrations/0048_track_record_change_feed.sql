-- The track record's tables announce their writes on the change feed (as 0019 does for the grid):
-- the consensus's record per pair is served from memory until a score, a band or a window changes,
-- whatever wrote it (the horizon job, an import, a provider poll, a band change, a script's SQL)
-- and on whichever instance (decision 077).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['window_scores', 'vote_scores', 'market_neutral_bands'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_changes"()', t || '_announce_change', t);
  END LOOP;
END $$;
