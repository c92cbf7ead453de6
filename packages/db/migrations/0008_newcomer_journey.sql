CREATE TABLE "user_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"age_range" text,
	"location" text,
	"income_level" text,
	"trading_experience" text,
	"motivation" text,
	"risk_tolerance" text,
	"time_availability" text,
	"learning_style" text,
	"financial_goals" text,
	"biggest_challenge" text,
	"ideal_trading_day" text,
	"contact_preference" text DEFAULT 'email' NOT NULL,
	"best_contact_time" text DEFAULT 'evening' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"goal_type" text NOT NULL,
	"target_value" numeric(16, 2) NOT NULL,
	"current_value" numeric(16, 2) DEFAULT 0 NOT NULL,
	"unit" text NOT NULL,
	"why_important" text NOT NULL,
	"daily_habits" text[] DEFAULT '{}'::text[] NOT NULL,
	"weekly_habits" text[] DEFAULT '{}'::text[] NOT NULL,
	"deadline" date NOT NULL,
	"status" text DEFAULT 'pending_approval' NOT NULL,
	"timeframe" text NOT NULL,
	"period" text,
	"goal_quality_score" integer,
	"submission_id" uuid,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"review_feedback" text,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"extended_days" integer DEFAULT 0 NOT NULL,
	"expired_at" timestamp with time zone,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"actions" integer DEFAULT 0 NOT NULL,
	"feature_accesses" integer DEFAULT 0 NOT NULL,
	"time_spent_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_pkey" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"component" text NOT NULL,
	"action_name" text,
	"feature_name" text,
	"target_route" text,
	"time_spent_ms" integer,
	"details" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goals_user_created_idx" ON "goals" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goals_status_submitted_idx" ON "goals" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "goals_submission_key" ON "goals" USING btree ("user_id","submission_id","timeframe");--> statement-breakpoint
CREATE UNIQUE INDEX "trials_user_key" ON "trials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trials_status_ends_idx" ON "trials" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "trials_started_idx" ON "trials" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trials_converted_idx" ON "trials" USING btree ("converted_at") WHERE "trials"."converted_at" is not null;