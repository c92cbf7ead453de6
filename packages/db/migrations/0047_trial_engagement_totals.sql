-- Each trial's engagement inputs (issue 33 item 4, decision 075): active days and the summed
-- per-day usage counters of the trial's user within the trial's days, kept on the trial's row by
-- triggers in the same transaction as every write to usage_daily (inserts, the upsert's updates,
-- deletes) and recomputed when a trial starts or its days change. The admin's trial analytics then
-- reads one row per trial instead of joining every trial with its usage on each request.
ALTER TABLE "trials" ADD COLUMN "engagement_active_days" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "engagement_page_views" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "engagement_actions" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "engagement_feature_accesses" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "trials" ADD COLUMN "engagement_time_spent_ms" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "trial_engagement_recompute"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT count(*)::integer, coalesce(sum(d."page_views"), 0)::integer, coalesce(sum(d."actions"), 0)::integer,
         coalesce(sum(d."feature_accesses"), 0)::integer, coalesce(sum(d."time_spent_ms"), 0)::bigint
    INTO NEW."engagement_active_days", NEW."engagement_page_views", NEW."engagement_actions",
         NEW."engagement_feature_accesses", NEW."engagement_time_spent_ms"
    FROM "usage_daily" AS d
   WHERE d."user_id" = NEW."user_id"
     AND d."day" BETWEEN (NEW."started_at" AT TIME ZONE 'UTC')::date AND (NEW."ends_at" AT TIME ZONE 'UTC')::date;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "trials_engagement_insert" BEFORE INSERT ON "trials" FOR EACH ROW EXECUTE FUNCTION "trial_engagement_recompute"();
--> statement-breakpoint
CREATE TRIGGER "trials_engagement_window" BEFORE UPDATE OF "started_at", "ends_at", "user_id" ON "trials" FOR EACH ROW
  WHEN (OLD."started_at" IS DISTINCT FROM NEW."started_at" OR OLD."ends_at" IS DISTINCT FROM NEW."ends_at" OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "trial_engagement_recompute"();
--> statement-breakpoint
-- Adds the days a statement inserted (usage_daily rows are per user and day: a new row is a new active day).
CREATE FUNCTION "trial_engagement_add_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "trials" AS t
     SET "engagement_active_days" = t."engagement_active_days" + d.days,
         "engagement_page_views" = t."engagement_page_views" + d.page_views,
         "engagement_actions" = t."engagement_actions" + d.actions,
         "engagement_feature_accesses" = t."engagement_feature_accesses" + d.feature_accesses,
         "engagement_time_spent_ms" = t."engagement_time_spent_ms" + d.time_spent_ms
    FROM (SELECT n."user_id", count(*)::integer AS days, sum(n."page_views")::integer AS page_views, sum(n."actions")::integer AS actions,
                 sum(n."feature_accesses")::integer AS feature_accesses, sum(n."time_spent_ms")::bigint AS time_spent_ms
            FROM new_daily AS n
            JOIN "trials" AS w ON w."user_id" = n."user_id"
             AND n."day" BETWEEN (w."started_at" AT TIME ZONE 'UTC')::date AND (w."ends_at" AT TIME ZONE 'UTC')::date
           GROUP BY n."user_id") AS d
   WHERE t."user_id" = d."user_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Adds what an update changed in rows of the trial's days (the usage write's upsert adds to a day's counters).
CREATE FUNCTION "trial_engagement_change_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "trials" AS t
     SET "engagement_page_views" = t."engagement_page_views" + d.page_views,
         "engagement_actions" = t."engagement_actions" + d.actions,
         "engagement_feature_accesses" = t."engagement_feature_accesses" + d.feature_accesses,
         "engagement_time_spent_ms" = t."engagement_time_spent_ms" + d.time_spent_ms
    FROM (SELECT n."user_id", sum(n."page_views" - o."page_views")::integer AS page_views, sum(n."actions" - o."actions")::integer AS actions,
                 sum(n."feature_accesses" - o."feature_accesses")::integer AS feature_accesses,
                 sum(n."time_spent_ms" - o."time_spent_ms")::bigint AS time_spent_ms
            FROM new_daily AS n
            JOIN old_daily AS o ON o."user_id" = n."user_id" AND o."day" = n."day"
            JOIN "trials" AS w ON w."user_id" = n."user_id"
             AND n."day" BETWEEN (w."started_at" AT TIME ZONE 'UTC')::date AND (w."ends_at" AT TIME ZONE 'UTC')::date
           GROUP BY n."user_id") AS d
   WHERE t."user_id" = d."user_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only updates: when a user is deleted the trial goes by cascade as well.
CREATE FUNCTION "trial_engagement_remove_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "trials" AS t
     SET "engagement_active_days" = t."engagement_active_days" - d.days,
         "engagement_page_views" = t."engagement_page_views" - d.page_views,
         "engagement_actions" = t."engagement_actions" - d.actions,
         "engagement_feature_accesses" = t."engagement_feature_accesses" - d.feature_accesses,
         "engagement_time_spent_ms" = t."engagement_time_spent_ms" - d.time_spent_ms
    FROM (SELECT o."user_id", count(*)::integer AS days, sum(o."page_views")::integer AS page_views, sum(o."actions")::integer AS actions,
                 sum(o."feature_accesses")::integer AS feature_accesses, sum(o."time_spent_ms")::bigint AS time_spent_ms
            FROM old_daily AS o
            JOIN "trials" AS w ON w."user_id" = o."user_id"
             AND o."day" BETWEEN (w."started_at" AT TIME ZONE 'UTC')::date AND (w."ends_at" AT TIME ZONE 'UTC')::date
           GROUP BY o."user_id") AS d
   WHERE t."user_id" = d."user_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "usage_daily_trial_insert" AFTER INSERT ON "usage_daily" REFERENCING NEW TABLE AS new_daily FOR EACH STATEMENT EXECUTE FUNCTION "trial_engagement_add_days"();
--> statement-breakpoint
CREATE TRIGGER "usage_daily_trial_update" AFTER UPDATE ON "usage_daily" REFERENCING OLD TABLE AS old_daily NEW TABLE AS new_daily FOR EACH STATEMENT EXECUTE FUNCTION "trial_engagement_change_days"();
--> statement-breakpoint
CREATE TRIGGER "usage_daily_trial_delete" AFTER DELETE ON "usage_daily" REFERENCING OLD TABLE AS old_daily FOR EACH STATEMENT EXECUTE FUNCTION "trial_engagement_remove_days"();
--> statement-breakpoint
-- The trials that exist: their totals from the usage already stored.
UPDATE "trials" AS t
   SET "engagement_active_days" = d.days, "engagement_page_views" = d.page_views, "engagement_actions" = d.actions,
       "engagement_feature_accesses" = d.feature_accesses, "engagement_time_spent_ms" = d.time_spent_ms
  FROM (SELECT w."id", count(*)::integer AS days, sum(u."page_views")::integer AS page_views, sum(u."actions")::integer AS actions,
               sum(u."feature_accesses")::integer AS feature_accesses, sum(u."time_spent_ms")::bigint AS time_spent_ms
          FROM "trials" AS w
          JOIN "usage_daily" AS u ON u."user_id" = w."user_id"
           AND u."day" BETWEEN (w."started_at" AT TIME ZONE 'UTC')::date AND (w."ends_at" AT TIME ZONE 'UTC')::date
         GROUP BY w."id") AS d
 WHERE t."id" = d."id";
