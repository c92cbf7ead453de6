-- The learning hub's shared catalogue (modules in order, learners' figures) is cached per app
-- instance (apps/server/src/modules/learning/learning-catalogue-cache.ts): after every statement
-- that writes one of these tables, the database announces 'table:<name>' on myeai_user_changes
-- (migration 0019's function, on commit only), so the cache drops on every instance whatever wrote.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['learning_categories', 'learning_modules', 'learning_uploads', 'learning_progress', 'learning_ratings'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_changes"()', t || '_announce_change', t);
  END LOOP;
END $$;
