CREATE TABLE "ai_message_usage" (
	"admin_id" uuid NOT NULL,
	"day" date NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_message_usage_pkey" PRIMARY KEY("admin_id","day")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "goal_setup_skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ai_message_usage" ADD CONSTRAINT "ai_message_usage_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- My Team (DESIGN.md decision 43, docs/decisions/046): a conversion's origin is the one account, other
-- than the referrer, ever seen with the buying visitor's hashed id; ambiguous or unknown stays null.
UPDATE "commissions" AS c SET "origin_user_id" = o."user_id"
FROM (
  SELECT cv."id" AS "conversion_id", (array_agg(DISTINCT uv."user_id"))[1] AS "user_id"
  FROM "conversions" cv
  JOIN "link_clicks" lc ON lc."id" = cv."click_id"
  JOIN "user_visitors" uv ON uv."visitor_hash" = lc."visitor_hash" AND uv."user_id" <> cv."referrer_id"
  GROUP BY cv."id"
  HAVING count(DISTINCT uv."user_id") = 1
) AS o
WHERE c."source" = 'conversion' AND c."source_reference" = o."conversion_id"::text AND c."origin_user_id" IS NULL;
