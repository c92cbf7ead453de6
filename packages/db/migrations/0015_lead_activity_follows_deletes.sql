-- "New this month" counts the leads a user has: deleting a lead takes it off the day it was added
-- (a Business Hub read "11 new this month" beside 10 leads). Closed counts stay: the closed-lead
-- milestones record deals that happened, and a later clean-up of the list does not undo them.
CREATE FUNCTION "lead_daily_activity_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lead_daily_activity" AS a SET "leads_added" = greatest(a."leads_added" - d."removed", 0)
  FROM (SELECT "user_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day", count(*)::integer AS "removed" FROM old_leads GROUP BY 1, 2) d
  WHERE a."user_id" = d."user_id" AND a."day" = d."day";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "leads_daily_activity_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_leads FOR EACH STATEMENT EXECUTE FUNCTION "lead_daily_activity_on_delete"();
--> statement-breakpoint
-- Leads deleted before this migration: each day's added count becomes the leads still there.
UPDATE "lead_daily_activity" AS a SET "leads_added" = coalesce(
  (SELECT count(*)::integer FROM "leads" l WHERE l."user_id" = a."user_id" AND (l."created_at" AT TIME ZONE 'UTC')::date = a."day"), 0);
