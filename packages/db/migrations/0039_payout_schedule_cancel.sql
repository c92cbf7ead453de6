-- Decision 063 (issue 30): the weekly schedule prepares at most one batch per payout week
-- (scheduled_week, the week's Monday in UTC, unique), and a prepared batch can be cancelled
-- (batch and items 'cancelled', who, when and why).
ALTER TABLE "payout_batches" DROP CONSTRAINT "payout_batches_status_known";--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_status_known" CHECK ("payout_batches"."status" in ('prepared', 'approved', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "scheduled_week" date;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_scheduled_week_key" ON "payout_batches" USING btree ("scheduled_week");--> statement-breakpoint
ALTER TABLE "payout_items" DROP CONSTRAINT "payout_items_status_known";--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_status_known" CHECK ("payout_items"."status" in ('processing', 'paid', 'failed', 'cancelled'));
