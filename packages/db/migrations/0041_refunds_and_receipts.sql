-- Decision 065 (issue 31 items 1 and 5): the payments providers reported paid, their refunds (asked
-- here and settled by the provider's event, or made at the provider), the embedded provider's own
-- refund books, and the payment a "Request a refund" support request is about.
CREATE TABLE "billing_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"provider_invoice_id" text NOT NULL,
	"provider_payment_ref" text,
	"provider_subscription_id" text,
	"plan" text,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer,
	"currency" text DEFAULT 'usd' NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"hosted_invoice_url" text,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_payments_amount_positive" CHECK ("billing_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"access" text,
	"status" text NOT NULL,
	"request_id" uuid,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"access_applied_at" timestamp with time zone,
	"failure_message" text,
	CONSTRAINT "billing_refunds_amount_positive" CHECK ("billing_refunds"."amount_cents" > 0),
	CONSTRAINT "billing_refunds_status_known" CHECK ("billing_refunds"."status" in ('pending', 'succeeded', 'failed', 'canceled')),
	CONSTRAINT "billing_refunds_reason_known" CHECK ("billing_refunds"."reason" in ('charged_after_cancelling', 'technical_fault', 'duplicate_payment', 'goodwill', 'provider')),
	CONSTRAINT "billing_refunds_access_known" CHECK ("billing_refunds"."access" is null or "billing_refunds"."access" in ('now', 'period_end', 'keep'))
);
--> statement-breakpoint
CREATE TABLE "local_billing_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_refunds" ADD CONSTRAINT "billing_refunds_payment_id_billing_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."billing_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_refunds" ADD CONSTRAINT "billing_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_payment_id_billing_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."billing_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_invoice_key" ON "billing_payments" USING btree ("provider","provider_invoice_id");--> statement-breakpoint
CREATE INDEX "billing_payments_ref_idx" ON "billing_payments" USING btree ("provider","provider_payment_ref");--> statement-breakpoint
CREATE INDEX "billing_payments_user_idx" ON "billing_payments" USING btree ("user_id","paid_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "billing_refunds_provider_refund_key" ON "billing_refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_refunds_request_key" ON "billing_refunds" USING btree ("payment_id","request_id");--> statement-breakpoint
CREATE INDEX "billing_refunds_payment_idx" ON "billing_refunds" USING btree ("payment_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "local_billing_refunds_idempotency_key" ON "local_billing_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "local_billing_refunds_payment_idx" ON "local_billing_refunds" USING btree ("payment_ref");--> statement-breakpoint
CREATE INDEX "support_requests_payment_idx" ON "support_requests" USING btree ("payment_id");--> statement-breakpoint
-- Payments received before this migration, from the provider events recorded then (the invoice id
-- was not kept: the event id stands for it). The embedded provider refunds them by that reference;
-- a Stripe payment without its payment intent is refunded in Stripe's dashboard, whose event shows here.
INSERT INTO "billing_payments" ("user_id", "provider", "provider_invoice_id", "provider_payment_ref", "provider_subscription_id", "plan", "amount_cents", "paid_at", "created_at")
SELECT "user_id", "provider", 'evt:' || "event_id", CASE WHEN "provider" = 'local' THEN 'evt:' || "event_id" END, "provider_subscription_id", "plan", "amount_cents", "occurred_at", "received_at"
FROM "billing_events"
WHERE "type" = 'invoice.paid' AND "amount_cents" > 0 AND "outcome" <> 'duplicate' AND "user_id" IS NOT NULL;
