CREATE TABLE "lead_daily_activity" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"leads_added" integer DEFAULT 0 NOT NULL,
	"leads_closed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_daily_activity_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "video_widgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"video_id" text,
	"thumbnail_url" text,
	"rating_tenths" integer DEFAULT 0 NOT NULL,
	"total_ratings" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "video_widgets_rating_range" CHECK ("video_widgets"."rating_tenths" between 0 and 50),
	CONSTRAINT "video_widgets_video_id_form" CHECK ("video_widgets"."video_id" is null or "video_widgets"."video_id" ~ '^[A-Za-z0-9_-]{11}$'),
	CONSTRAINT "video_widgets_active_needs_video" CHECK (not "video_widgets"."is_active" or "video_widgets"."video_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	"clicked_on" date NOT NULL,
	"visitor_hash" text NOT NULL,
	"user_agent" text,
	"device_class" text NOT NULL,
	"referring_site" text
);
--> statement-breakpoint
CREATE TABLE "referral_landing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"kind" text NOT NULL,
	"time_on_page_seconds" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_daily_activity" ADD CONSTRAINT "lead_daily_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_widgets" ADD CONSTRAINT "video_widgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_landing_events" ADD CONSTRAINT "referral_landing_events_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_widgets_position_key" ON "video_widgets" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_clicks_referrer_day_visitor_key" ON "referral_clicks" USING btree ("referrer_id","clicked_on","visitor_hash");--> statement-breakpoint
CREATE INDEX "referral_landing_events_referrer_created_idx" ON "referral_landing_events" USING btree ("referrer_id","created_at");