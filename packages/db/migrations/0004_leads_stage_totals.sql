-- Lead count and value per owner and stage (lead_stage_totals), kept by statement-level triggers
-- so that every write to leads (one row, an import, a bulk INSERT) keeps the totals exact in the
-- same transaction, and the lead hub reads a few rows instead of counting a user's leads.
CREATE FUNCTION "lead_stage_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lead_stage_totals" AS t ("user_id", "stage", "lead_count", "value_cents")
  SELECT "user_id", "stage", count(*)::integer, sum("value_cents")::bigint FROM new_leads GROUP BY "user_id", "stage"
  ON CONFLICT ("user_id", "stage") DO UPDATE
    SET "lead_count" = t."lead_count" + excluded."lead_count", "value_cents" = t."value_cents" + excluded."value_cents";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only updates: when a user is deleted its totals rows go by cascade and must not come back.
CREATE FUNCTION "lead_stage_totals_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lead_stage_totals" AS t SET "lead_count" = t."lead_count" - d.n, "value_cents" = t."value_cents" - d.v
  FROM (SELECT "user_id", "stage", count(*)::integer AS n, sum("value_cents")::bigint AS v FROM old_leads GROUP BY "user_id", "stage") AS d
  WHERE t."user_id" = d."user_id" AND t."stage" = d."stage";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "lead_stage_totals_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lead_stage_totals" AS t ("user_id", "stage", "lead_count", "value_cents")
  SELECT "user_id", "stage", sum(n)::integer, sum(v)::bigint FROM (
    SELECT "user_id", "stage", 1 AS n, "value_cents" AS v FROM new_leads
    UNION ALL
    SELECT "user_id", "stage", -1, -"value_cents" FROM old_leads
  ) AS d
  GROUP BY "user_id", "stage"
  HAVING sum(n) <> 0 OR sum(v) <> 0
  ON CONFLICT ("user_id", "stage") DO UPDATE
    SET "lead_count" = t."lead_count" + excluded."lead_count", "value_cents" = t."value_cents" + excluded."value_cents";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "leads_totals_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION "lead_stage_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "leads_totals_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_leads FOR EACH STATEMENT EXECUTE FUNCTION "lead_stage_totals_remove"();
--> statement-breakpoint
CREATE TRIGGER "leads_totals_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION "lead_stage_totals_move"();
