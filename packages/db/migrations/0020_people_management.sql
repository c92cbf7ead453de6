ALTER TABLE "users" ADD COLUMN "referral_code_used" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "origin_user_id" uuid;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_origin_user_id_users_id_fk" FOREIGN KEY ("origin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (to_tsvector('simple', "name" || ' ' || "email" || ' ' || "referral_code"));--> statement-breakpoint
CREATE INDEX "commissions_user_origin_idx" ON "commissions" USING btree ("user_id","origin_user_id") WHERE "commissions"."origin_user_id" is not null;--> statement-breakpoint
-- Existing referrals: the code is the referrer's current one and the join date the sign-up (the best record there is).
UPDATE "users" AS "u" SET "referral_code_used" = "r"."referral_code", "referred_at" = "u"."created_at" FROM "users" AS "r" WHERE "r"."id" = "u"."referred_by" AND "u"."referred_at" IS NULL;
