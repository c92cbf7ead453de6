CREATE TABLE "referral_attributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"referrer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reasons" text[] NOT NULL,
	"visitor_hash" text,
	"network_hash" text,
	"signups_from_network_in_window" integer,
	"related_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "referral_attributions_user_key" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "referral_code_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_migrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"started_by" uuid,
	"frontend_url" text NOT NULL,
	"total_users" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_detail" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_visitors" (
	"user_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_visitors_user_id_visitor_hash_pk" PRIMARY KEY("user_id","visitor_hash")
);
--> statement-breakpoint
DROP INDEX "referral_clicks_referrer_day_visitor_key";--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "referral_attributions" ADD CONSTRAINT "referral_attributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_attributions" ADD CONSTRAINT "referral_attributions_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_attributions" ADD CONSTRAINT "referral_attributions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_code_aliases" ADD CONSTRAINT "referral_code_aliases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_migrations" ADD CONSTRAINT "referral_migrations_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_visitors" ADD CONSTRAINT "user_visitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_attributions_status_created_idx" ON "referral_attributions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "referral_attributions_referrer_network_idx" ON "referral_attributions" USING btree ("referrer_id","network_hash","created_at");--> statement-breakpoint
CREATE INDEX "referral_migrations_created_idx" ON "referral_migrations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_visitors_visitor_idx" ON "user_visitors" USING btree ("visitor_hash");--> statement-breakpoint
CREATE INDEX "referral_clicks_referrer_clicked_idx" ON "referral_clicks" USING btree ("referrer_id","clicked_at");--> statement-breakpoint
CREATE INDEX "referral_clicks_visitor_clicked_idx" ON "referral_clicks" USING btree ("visitor_hash","clicked_at");