-- Decision 060 (issue 30): payout details, settings, batches, items and the ledger lines each item
-- pays. A payout never edits a commission's amount: payout_item_lines links the lines to the item.
CREATE TABLE "payout_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"details" text NOT NULL,
	"summary" text NOT NULL,
	"network" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_methods_method_known" CHECK ("payout_methods"."method" in ('paypal', 'ach', 'wire', 'crypto'))
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"schedule_weekday" integer NOT NULL,
	"schedule_minute_utc" integer NOT NULL,
	"minimum_cents" bigint NOT NULL,
	"holding_days" integer NOT NULL,
	"details_hold_hours" integer NOT NULL,
	"wire_threshold_cents" bigint NOT NULL,
	"methods_enabled" jsonb NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" uuid,
	CONSTRAINT "payout_settings_single_row" CHECK ("payout_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payout_batches_status_known" CHECK ("payout_batches"."status" in ('prepared', 'approved', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"details" text NOT NULL,
	"summary" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" uuid,
	CONSTRAINT "payout_items_status_known" CHECK ("payout_items"."status" in ('processing', 'paid', 'failed')),
	CONSTRAINT "payout_items_method_known" CHECK ("payout_items"."method" in ('paypal', 'ach', 'wire', 'crypto'))
);
--> statement-breakpoint
CREATE TABLE "payout_item_lines" (
	"item_id" uuid NOT NULL,
	"commission_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "payout_item_lines_item_id_commission_id_pk" PRIMARY KEY("item_id","commission_id")
);
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_item_lines" ADD CONSTRAINT "payout_item_lines_item_id_payout_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."payout_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_item_lines" ADD CONSTRAINT "payout_item_lines_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_user_key" ON "payout_methods" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payout_batches_created_idx" ON "payout_batches" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payout_items_batch_user_key" ON "payout_items" USING btree ("batch_id","user_id");--> statement-breakpoint
CREATE INDEX "payout_items_user_created_idx" ON "payout_items" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_item_lines_commission_idx" ON "payout_item_lines" USING btree ("commission_id");--> statement-breakpoint
-- The defaults (PAYOUT_SETTINGS_DEFAULTS): Friday 09:00 UTC, $50 minimum, 14 days holding, 48 hours details hold, wire above $1,000.
INSERT INTO "payout_settings" ("id", "schedule_weekday", "schedule_minute_utc", "minimum_cents", "holding_days", "details_hold_hours", "wire_threshold_cents", "methods_enabled")
VALUES (1, 5, 540, 5000, 14, 48, 100000, '["paypal","ach","wire","crypto"]'::jsonb);
