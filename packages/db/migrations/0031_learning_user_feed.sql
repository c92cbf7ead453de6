-- Decision 044 (addendum): a learner's progress and ratings no longer rebuild the hub's shared
-- catalogue. learning_progress stops announcing 'table:learning_progress' (a report every few
-- seconds per viewer); both tables announce the learner instead (migration 0013's function, on
-- commit), so the learner's cached hub drops on every instance. learning_ratings keeps its table
-- announcement: it drops the small figures cache (learners, rating average) on every instance.
DROP TRIGGER IF EXISTS "learning_progress_announce_change" ON "learning_progress";
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['learning_progress', 'learning_ratings'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"(%L)', t || '_announce_insert', t, 'user_id');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"(%L)', t || '_announce_update', t, 'user_id');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"(%L)', t || '_announce_delete', t, 'user_id');
  END LOOP;
END $$;
