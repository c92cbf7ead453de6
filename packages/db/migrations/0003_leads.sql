CREATE TYPE "public"."lead_stage" AS ENUM('new', 'interested', 'qualified', 'positive', 'itb', 'closed', 'lost');--> statement-breakpoint
CREATE TABLE "lead_stage_totals" (
	"user_id" uuid NOT NULL,
	"stage" "lead_stage" NOT NULL,
	"lead_count" integer DEFAULT 0 NOT NULL,
	"value_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_stage_totals_user_id_stage_pk" PRIMARY KEY("user_id","stage")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"source" text NOT NULL,
	"stage" "lead_stage" NOT NULL,
	"value_cents" bigint DEFAULT 0 NOT NULL,
	"notes" text,
	"last_contact_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_stage_totals" ADD CONSTRAINT "lead_stage_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_user_email_key" ON "leads" USING btree ("user_id",lower("email"));--> statement-breakpoint
CREATE INDEX "leads_user_created_idx" ON "leads" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_user_stage_created_idx" ON "leads" USING btree ("user_id","stage","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_user_name_idx" ON "leads" USING btree ("user_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "leads_user_value_idx" ON "leads" USING btree ("user_id","value_cents","id");--> statement-breakpoint
CREATE INDEX "leads_user_last_contact_idx" ON "leads" USING btree ("user_id","last_contact_at" NULLS FIRST,"id");