-- Decision 064 (issue 31 item 4): plan changes. Every change of a subscription's plan: an upgrade
-- applied at once with what it cost, or a downgrade scheduled for the end of the paid period (at
-- most one scheduled per user), then applied by a job at that moment or cancelled before it.
CREATE TABLE "subscription_plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"from_plan" text NOT NULL,
	"to_plan" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"prorated_at" timestamp with time zone,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"charge_cents" integer DEFAULT 0 NOT NULL,
	"charged_cents" integer,
	"provider_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "subscription_plan_changes_kind_known" CHECK ("subscription_plan_changes"."kind" in ('upgrade', 'downgrade')),
	CONSTRAINT "subscription_plan_changes_status_known" CHECK ("subscription_plan_changes"."status" in ('applied', 'scheduled', 'cancelled')),
	CONSTRAINT "subscription_plan_changes_from_plan_known" CHECK ("subscription_plan_changes"."from_plan" in ('weekly', '4weeks', '12weeks', '52weeks')),
	CONSTRAINT "subscription_plan_changes_to_plan_known" CHECK ("subscription_plan_changes"."to_plan" in ('weekly', '4weeks', '12weeks', '52weeks'))
);
--> statement-breakpoint
ALTER TABLE "subscription_plan_changes" ADD CONSTRAINT "subscription_plan_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plan_changes_one_scheduled" ON "subscription_plan_changes" USING btree ("user_id") WHERE "subscription_plan_changes"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "subscription_plan_changes_user_idx" ON "subscription_plan_changes" USING btree ("user_id","created_at");--> statement-breakpoint
-- The embedded provider's own schedule (what a Stripe subscription schedule is on Stripe's side):
-- the plan its renewal at the end of the period switches to.
ALTER TABLE "local_billing_subscriptions" ADD COLUMN "scheduled_plan" text;--> statement-breakpoint
-- A scheduled change decides the plan (and its entitlements) from its moment on: the read caches
-- of a user's plan hear of it on the change feed (migration 0013).
CREATE TRIGGER "subscription_plan_changes_announce_insert" AFTER INSERT ON "subscription_plan_changes" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('user_id');--> statement-breakpoint
CREATE TRIGGER "subscription_plan_changes_announce_update" AFTER UPDATE ON "subscription_plan_changes" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('user_id');--> statement-breakpoint
CREATE TRIGGER "subscription_plan_changes_announce_delete" AFTER DELETE ON "subscription_plan_changes" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('user_id');
