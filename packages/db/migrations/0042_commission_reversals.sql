CREATE TABLE "commission_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"subject_id" text NOT NULL,
	"reason" text NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"base_cents" bigint NOT NULL,
	"lines_cents" bigint NOT NULL,
	"unallocated_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commission_reversals_kind_known" CHECK ("commission_reversals"."kind" in ('refund', 'conversion', 'run')),
	CONSTRAINT "commission_reversals_amounts" CHECK ("commission_reversals"."lines_cents" <= 0 and "commission_reversals"."unallocated_cents" >= 0 and "commission_reversals"."revenue_cents" >= 0 and "commission_reversals"."base_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "commission_reversal_runs" (
	"reversal_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"unallocated_cents" bigint NOT NULL,
	CONSTRAINT "commission_reversal_runs_pkey" PRIMARY KEY("reversal_id","run_id"),
	CONSTRAINT "commission_reversal_runs_positive" CHECK ("commission_reversal_runs"."unallocated_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "commission_reversals" ADD CONSTRAINT "commission_reversals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_reversal_runs" ADD CONSTRAINT "commission_reversal_runs_reversal_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."commission_reversals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_reversal_runs" ADD CONSTRAINT "commission_reversal_runs_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."commission_revenue_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_reversals_key_key" ON "commission_reversals" USING btree ("key");--> statement-breakpoint
CREATE INDEX "commission_reversals_subject_idx" ON "commission_reversals" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "commission_reversals_created_idx" ON "commission_reversals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "commission_reversal_runs_run_idx" ON "commission_reversal_runs" USING btree ("run_id");--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "reverses_id" uuid;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "reversal_id" uuid;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_reverses_id_commissions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."commissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_reversal_id_commission_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."commission_reversals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_reversal_shape" CHECK (("commissions"."reverses_id" is null) = ("commissions"."reversal_id" is null) and ("commissions"."reverses_id" is null) = ("commissions"."reason" is null) and ("commissions"."reverses_id" is null or ("commissions"."amount_cents" < 0 and "commissions"."reverses_id" <> "commissions"."id")));--> statement-breakpoint
CREATE INDEX "commissions_reverses_idx" ON "commissions" USING btree ("reverses_id") WHERE "commissions"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "commissions_reversal_idx" ON "commissions" USING btree ("reversal_id") WHERE "commissions"."reversal_id" is not null;--> statement-breakpoint
CREATE INDEX "commissions_payment_idx" ON "commissions" USING btree ("payment_id") WHERE "commissions"."payment_id" is not null;--> statement-breakpoint
ALTER TABLE "commission_revenue_runs" ADD COLUMN "payment_id" text;--> statement-breakpoint
CREATE INDEX "commission_revenue_runs_payment_idx" ON "commission_revenue_runs" USING btree ("payment_id") WHERE "commission_revenue_runs"."payment_id" is not null;
