CREATE TABLE "market_neutral_bands" (
	"asset_class" text NOT NULL,
	"timeframe_id" uuid NOT NULL,
	"band_bps" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_neutral_bands_pkey" PRIMARY KEY("asset_class","timeframe_id"),
	CONSTRAINT "market_neutral_bands_class_check" CHECK ("market_neutral_bands"."asset_class" in ('forex', 'crypto', 'indices', 'commodities', 'stocks')),
	CONSTRAINT "market_neutral_bands_band_check" CHECK ("market_neutral_bands"."band_bps" between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "market_provider_state" (
	"provider" text PRIMARY KEY NOT NULL,
	"last_poll_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_poll_at" timestamp with time zone,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "market_neutral_bands" ADD CONSTRAINT "market_neutral_bands_timeframe_id_trading_timeframes_id_fk" FOREIGN KEY ("timeframe_id") REFERENCES "public"."trading_timeframes"("id") ON DELETE cascade ON UPDATE no action;
