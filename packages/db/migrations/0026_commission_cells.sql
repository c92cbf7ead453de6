CREATE TABLE "commission_cell_members" (
	"cell_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commission_cell_members_position_range" CHECK ("commission_cell_members"."position" >= 0 and "commission_cell_members"."position" < 13)
);
--> statement-breakpoint
CREATE TABLE "commission_cells" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"parent_cell_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commission_cells_status_known" CHECK ("commission_cells"."status" in ('active', 'locked', 'processing', 'archived')),
	CONSTRAINT "commission_cells_not_own_parent" CHECK ("commission_cells"."parent_cell_id" is null or "commission_cells"."parent_cell_id" <> "commission_cells"."id")
);
--> statement-breakpoint
CREATE TABLE "commission_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"engine_enabled" boolean DEFAULT true NOT NULL,
	"elite_pool_enabled" boolean DEFAULT false NOT NULL,
	"payout" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "commission_config_single_row" CHECK ("commission_config"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "commission_revenue_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cell_id" uuid NOT NULL,
	"source_reference_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"source" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"paid_cents" bigint NOT NULL,
	"unallocated_cents" bigint NOT NULL,
	"config" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commission_revenue_runs_source_known" CHECK ("commission_revenue_runs"."source" in ('trading_fees', 'subscriptions', 'other')),
	CONSTRAINT "commission_revenue_runs_sum" CHECK ("commission_revenue_runs"."paid_cents" + "commission_revenue_runs"."unallocated_cents" = "commission_revenue_runs"."amount_cents" and "commission_revenue_runs"."paid_cents" >= 0 and "commission_revenue_runs"."unallocated_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "cell_run_id" uuid;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "cell_seat_position" integer;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "cell_override_level" integer;--> statement-breakpoint
ALTER TABLE "commission_cell_members" ADD CONSTRAINT "commission_cell_members_cell_id_commission_cells_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."commission_cells"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_cell_members" ADD CONSTRAINT "commission_cell_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_cells" ADD CONSTRAINT "commission_cells_parent_cell_id_commission_cells_id_fk" FOREIGN KEY ("parent_cell_id") REFERENCES "public"."commission_cells"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_config" ADD CONSTRAINT "commission_config_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_revenue_runs" ADD CONSTRAINT "commission_revenue_runs_cell_id_commission_cells_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."commission_cells"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_revenue_runs" ADD CONSTRAINT "commission_revenue_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_cell_members_seat_key" ON "commission_cell_members" USING btree ("cell_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_cell_members_user_key" ON "commission_cell_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "commission_cells_parent_idx" ON "commission_cells" USING btree ("parent_cell_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_revenue_runs_reference_key" ON "commission_revenue_runs" USING btree ("source_reference_id");--> statement-breakpoint
CREATE INDEX "commission_revenue_runs_cell_idx" ON "commission_revenue_runs" USING btree ("cell_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_cell_run_id_commission_revenue_runs_id_fk" FOREIGN KEY ("cell_run_id") REFERENCES "public"."commission_revenue_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_cell_run_idx" ON "commissions" USING btree ("cell_run_id") WHERE "commissions"."cell_run_id" is not null;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_cell_line_explained" CHECK ("commissions"."cell_run_id" is null or (("commissions"."cell_seat_position" is null) <> ("commissions"."cell_override_level" is null)));