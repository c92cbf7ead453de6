-- Leads added and closed per owner and UTC day (lead_daily_activity), kept by statement-level
-- triggers like lead_stage_totals, so every write to leads (one row, an import, a bulk INSERT)
-- counts in the same transaction and the Business Hub reads a few rows instead of scanning leads.
-- Days come from the rows' own created_at / updated_at (the app clock), in UTC.
CREATE FUNCTION "lead_daily_activity_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lead_daily_activity" AS a ("user_id", "day", "leads_added", "leads_closed")
  SELECT "user_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*)::integer, (count(*) FILTER (WHERE "stage" = 'closed'))::integer
  FROM new_leads GROUP BY 1, 2
  ON CONFLICT ("user_id", "day") DO UPDATE
    SET "leads_added" = a."leads_added" + excluded."leads_added", "leads_closed" = a."leads_closed" + excluded."leads_closed";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A lead that moves to closed counts on the day of the update (its updated_at).
CREATE FUNCTION "lead_daily_activity_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lead_daily_activity" AS a ("user_id", "day", "leads_closed")
  SELECT n."user_id", (n."updated_at" AT TIME ZONE 'UTC')::date, count(*)::integer
  FROM new_leads n JOIN old_leads o ON o."id" = n."id"
  WHERE n."stage" = 'closed' AND o."stage" <> 'closed'
  GROUP BY 1, 2
  ON CONFLICT ("user_id", "day") DO UPDATE SET "leads_closed" = a."leads_closed" + excluded."leads_closed";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "leads_daily_activity_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION "lead_daily_activity_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "leads_daily_activity_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION "lead_daily_activity_on_update"();
--> statement-breakpoint
-- Leads that existed before: added on their creation day, closed ones on their last update day.
INSERT INTO "lead_daily_activity" AS a ("user_id", "day", "leads_added", "leads_closed")
SELECT "user_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*)::integer, 0 FROM "leads" GROUP BY 1, 2
ON CONFLICT ("user_id", "day") DO UPDATE SET "leads_added" = a."leads_added" + excluded."leads_added";
--> statement-breakpoint
INSERT INTO "lead_daily_activity" AS a ("user_id", "day", "leads_closed")
SELECT "user_id", ("updated_at" AT TIME ZONE 'UTC')::date, count(*)::integer FROM "leads" WHERE "stage" = 'closed' GROUP BY 1, 2
ON CONFLICT ("user_id", "day") DO UPDATE SET "leads_closed" = a."leads_closed" + excluded."leads_closed";
--> statement-breakpoint
-- The dashboard's two video widget slots (admins edit them; nobody creates or deletes them).
-- Not set up and inactive until an admin chooses a video; the demo seed sets both up.
INSERT INTO "video_widgets" ("position", "title", "description", "is_active", "updated_at") VALUES
  (1, 'Video 1', 'Not set up yet: an admin chooses the video.', false, now()),
  (2, 'Video 2', 'Not set up yet: an admin chooses the video.', false, now());
