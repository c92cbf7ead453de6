CREATE TABLE "consensus_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consensus_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"window_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"timeframe_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"confirmed_bias" text,
	"consensus_tenths" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consensus_events_type_check" CHECK ("consensus_events"."event_type" in ('window_opened', 'consensus_confirmed', 'consensus_exit'))
);
--> statement-breakpoint
CREATE TABLE "entry_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"timeframe_id" uuid NOT NULL,
	"opened_by" uuid,
	"opened_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"mode" text NOT NULL,
	"pool_size" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"vote_count" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"long_tenths" integer,
	"short_tenths" integer,
	"neutral_tenths" integer,
	"result_bias" text,
	"confirmed_bias" text,
	"consensus_tenths" integer,
	"standing_bias" text,
	"confirmation_threshold" integer,
	"exit_threshold" integer,
	CONSTRAINT "entry_windows_status_check" CHECK ("entry_windows"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "sentiment_aggregates" (
	"asset_id" uuid NOT NULL,
	"timeframe_id" uuid NOT NULL,
	"open_window_id" uuid,
	"open_vote_count" integer DEFAULT 0 NOT NULL,
	"open_long_tenths" integer DEFAULT 0 NOT NULL,
	"open_short_tenths" integer DEFAULT 0 NOT NULL,
	"open_neutral_tenths" integer DEFAULT 0 NOT NULL,
	"open_top_bias" text,
	"open_updated_at" timestamp with time zone,
	"last_window_id" uuid,
	"last_closed_at" timestamp with time zone,
	"last_vote_count" integer DEFAULT 0 NOT NULL,
	"last_long_tenths" integer DEFAULT 0 NOT NULL,
	"last_short_tenths" integer DEFAULT 0 NOT NULL,
	"last_neutral_tenths" integer DEFAULT 0 NOT NULL,
	"last_top_bias" text,
	"confirmed_bias" text,
	"confirmed_tenths" integer,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sentiment_aggregates_asset_id_timeframe_id_pk" PRIMARY KEY("asset_id","timeframe_id")
);
--> statement-breakpoint
CREATE TABLE "traders" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"weight_tenths" integer NOT NULL,
	"specialization" text,
	"kyc_verified" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"votes_cast" integer DEFAULT 0 NOT NULL,
	"windows_seen" integer DEFAULT 0 NOT NULL,
	"scored_votes" integer DEFAULT 0 NOT NULL,
	"agreed_votes" integer DEFAULT 0 NOT NULL,
	"calibration_sum" integer DEFAULT 0 NOT NULL,
	"confidence_sum" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traders_weight_check" CHECK ("traders"."weight_tenths" between 0 and 1000),
	CONSTRAINT "traders_specialization_check" CHECK ("traders"."specialization" is null or "traders"."specialization" in ('scalper', 'momentum', 'intraday', 'positional'))
);
--> statement-breakpoint
CREATE TABLE "trading_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"asset_class" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trading_assets_class_check" CHECK ("trading_assets"."asset_class" in ('forex', 'crypto', 'indices', 'commodities', 'stocks'))
);
--> statement-breakpoint
CREATE TABLE "trading_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"consensus_mode" text NOT NULL,
	"confirmation_threshold" integer NOT NULL,
	"exit_threshold" integer NOT NULL,
	"submission_window_start" text NOT NULL,
	"submission_window_end" text NOT NULL,
	"submission_time_zone" text NOT NULL,
	"max_consensus_size" integer NOT NULL,
	"performance_weight_enabled" boolean NOT NULL,
	"asset_specialization_enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "trading_settings_singleton" CHECK ("trading_settings"."id" = 1),
	CONSTRAINT "trading_settings_mode_check" CHECK ("trading_settings"."consensus_mode" in ('fixed', 'open')),
	CONSTRAINT "trading_settings_thresholds_check" CHECK ("trading_settings"."confirmation_threshold" between 45 and 70 and "trading_settings"."exit_threshold" between 35 and 50 and "trading_settings"."exit_threshold" <= "trading_settings"."confirmation_threshold"),
	CONSTRAINT "trading_settings_size_check" CHECK ("trading_settings"."max_consensus_size" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "trading_timeframes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"minutes" integer NOT NULL,
	"voting_window_minutes" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trading_timeframes_minutes_check" CHECK ("trading_timeframes"."minutes" >= 1 and "trading_timeframes"."voting_window_minutes" >= 1)
);
--> statement-breakpoint
CREATE TABLE "window_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"window_id" uuid NOT NULL,
	"trader_id" uuid NOT NULL,
	"bias" text NOT NULL,
	"confidence" integer NOT NULL,
	"note" text,
	"weight_tenths" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "window_votes_bias_check" CHECK ("window_votes"."bias" in ('long', 'short', 'neutral')),
	CONSTRAINT "window_votes_confidence_check" CHECK ("window_votes"."confidence" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "live_events" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "roles" text[];--> statement-breakpoint
ALTER TABLE "consensus_events" ADD CONSTRAINT "consensus_events_window_id_entry_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."entry_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consensus_events" ADD CONSTRAINT "consensus_events_asset_id_trading_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."trading_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consensus_events" ADD CONSTRAINT "consensus_events_timeframe_id_trading_timeframes_id_fk" FOREIGN KEY ("timeframe_id") REFERENCES "public"."trading_timeframes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_windows" ADD CONSTRAINT "entry_windows_asset_id_trading_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."trading_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_windows" ADD CONSTRAINT "entry_windows_timeframe_id_trading_timeframes_id_fk" FOREIGN KEY ("timeframe_id") REFERENCES "public"."trading_timeframes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_windows" ADD CONSTRAINT "entry_windows_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentiment_aggregates" ADD CONSTRAINT "sentiment_aggregates_asset_id_trading_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."trading_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentiment_aggregates" ADD CONSTRAINT "sentiment_aggregates_timeframe_id_trading_timeframes_id_fk" FOREIGN KEY ("timeframe_id") REFERENCES "public"."trading_timeframes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traders" ADD CONSTRAINT "traders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_settings" ADD CONSTRAINT "trading_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "window_votes" ADD CONSTRAINT "window_votes_window_id_entry_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."entry_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "window_votes" ADD CONSTRAINT "window_votes_trader_id_users_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consensus_events_window_type_key" ON "consensus_events" USING btree ("window_id","event_type");--> statement-breakpoint
CREATE INDEX "consensus_events_created_idx" ON "consensus_events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consensus_events_asset_created_idx" ON "consensus_events" USING btree ("asset_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "entry_windows_one_open_per_pair" ON "entry_windows" USING btree ("asset_id","timeframe_id") WHERE "entry_windows"."status" = 'open';--> statement-breakpoint
CREATE INDEX "entry_windows_pair_closed_idx" ON "entry_windows" USING btree ("asset_id","timeframe_id","closed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "entry_windows_open_idx" ON "entry_windows" USING btree ("closes_at") WHERE "entry_windows"."status" = 'open';--> statement-breakpoint
CREATE INDEX "entry_windows_opened_idx" ON "entry_windows" USING btree ("opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "entry_windows_closed_idx" ON "entry_windows" USING btree ("closed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "trading_assets_symbol_key" ON "trading_assets" USING btree ("symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_timeframes_code_key" ON "trading_timeframes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "window_votes_window_trader_key" ON "window_votes" USING btree ("window_id","trader_id");--> statement-breakpoint
CREATE INDEX "window_votes_trader_created_idx" ON "window_votes" USING btree ("trader_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "window_votes_created_idx" ON "window_votes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "live_events_role_id_idx" ON "live_events" USING btree ("id") WHERE "live_events"."user_id" is null;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_recipient_check" CHECK (("live_events"."user_id" is null) <> ("live_events"."roles" is null));