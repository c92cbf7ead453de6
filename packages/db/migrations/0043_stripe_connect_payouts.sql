-- Stripe Connect as the second payout provider (issue 30 item 4, decision 069).
CREATE TABLE "payout_stripe_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_stripe_accounts_state_known" CHECK ("payout_stripe_accounts"."state" in ('pending', 'verified', 'restricted'))
);
--> statement-breakpoint
ALTER TABLE "payout_stripe_accounts" ADD CONSTRAINT "payout_stripe_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_stripe_accounts_user_key" ON "payout_stripe_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_stripe_accounts_account_key" ON "payout_stripe_accounts" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "provider_transfer_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_items_provider_transfer_key" ON "payout_items" USING btree ("provider_transfer_id");--> statement-breakpoint
ALTER TABLE "payout_methods" DROP CONSTRAINT "payout_methods_method_known";--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_method_known" CHECK ("payout_methods"."method" in ('paypal', 'ach', 'wire', 'crypto', 'stripe'));--> statement-breakpoint
ALTER TABLE "payout_items" DROP CONSTRAINT "payout_items_method_known";--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_method_known" CHECK ("payout_items"."method" in ('paypal', 'ach', 'wire', 'crypto', 'stripe'));
