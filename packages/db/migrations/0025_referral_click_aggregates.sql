CREATE TABLE "referral_click_days" (
	"referrer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"device_class" text NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "referral_click_days_referrer_id_day_source_device_class_pk" PRIMARY KEY("referrer_id","day","source","device_class")
);
--> statement-breakpoint
CREATE TABLE "referral_visitor_last_clicks" (
	"referrer_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"last_clicked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_visitor_last_clicks_referrer_id_visitor_hash_pk" PRIMARY KEY("referrer_id","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "referral_click_days" ADD CONSTRAINT "referral_click_days_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_visitor_last_clicks" ADD CONSTRAINT "referral_visitor_last_clicks_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_visitor_last_clicks_recent_idx" ON "referral_visitor_last_clicks" USING btree ("referrer_id","last_clicked_at");--> statement-breakpoint
-- Kept by a statement-level trigger on every insert into referral_clicks (clicks are only ever
-- inserted; a referrer's rows go with the user). The source is the analytics' traffic source.
CREATE FUNCTION "referral_click_aggregates_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "referral_click_days" ("referrer_id", "day", "source", "device_class", "clicks")
    SELECT "referrer_id", "clicked_on", coalesce("utm_source", "referring_site", 'direct'), "device_class", count(*)::int
    FROM new_clicks GROUP BY 1, 2, 3, 4
  ON CONFLICT ("referrer_id", "day", "source", "device_class") DO UPDATE SET "clicks" = "referral_click_days"."clicks" + excluded."clicks";
  INSERT INTO "referral_visitor_last_clicks" ("referrer_id", "visitor_hash", "last_clicked_at")
    SELECT "referrer_id", "visitor_hash", max("clicked_at") FROM new_clicks GROUP BY 1, 2
  ON CONFLICT ("referrer_id", "visitor_hash") DO UPDATE SET "last_clicked_at" = greatest("referral_visitor_last_clicks"."last_clicked_at", excluded."last_clicked_at");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "referral_clicks_aggregates_insert" AFTER INSERT ON "referral_clicks" REFERENCING NEW TABLE AS new_clicks FOR EACH STATEMENT EXECUTE FUNCTION "referral_click_aggregates_add"();
--> statement-breakpoint
INSERT INTO "referral_click_days" ("referrer_id", "day", "source", "device_class", "clicks")
  SELECT "referrer_id", "clicked_on", coalesce("utm_source", "referring_site", 'direct'), "device_class", count(*)::int FROM "referral_clicks" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "referral_visitor_last_clicks" ("referrer_id", "visitor_hash", "last_clicked_at")
  SELECT "referrer_id", "visitor_hash", max("clicked_at") FROM "referral_clicks" GROUP BY 1, 2;
