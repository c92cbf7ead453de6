-- Decision 062 (issue 32): stored candles and the market's score of every closed window and vote,
-- with the prices each score used. Prices are integers with 8 decimal places (1.08345 = 108345000).
CREATE TABLE "market_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_prices_positive" CHECK ("market_prices"."low" > 0 and "market_prices"."low" <= least("market_prices"."open", "market_prices"."close") and "market_prices"."high" >= greatest("market_prices"."open", "market_prices"."close"))
);
--> statement-breakpoint
CREATE TABLE "window_scores" (
	"window_id" uuid PRIMARY KEY NOT NULL,
	"asset_id" uuid NOT NULL,
	"timeframe_id" uuid NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"horizon_at" timestamp with time zone NOT NULL,
	"band_bps" integer NOT NULL,
	"confirmed_bias" text,
	"price_at_close" bigint,
	"price_at_close_time" timestamp with time zone,
	"price_at_horizon" bigint,
	"price_at_horizon_time" timestamp with time zone,
	"change_hundredths_bps" integer,
	"outcome" text,
	"scored_at" timestamp with time zone NOT NULL,
	CONSTRAINT "window_scores_bias_check" CHECK ("window_scores"."confirmed_bias" is null or "window_scores"."confirmed_bias" in ('long', 'short', 'neutral')),
	CONSTRAINT "window_scores_outcome_check" CHECK ("window_scores"."outcome" is null or "window_scores"."outcome" in ('hit', 'miss', 'awaiting_prices'))
);
--> statement-breakpoint
CREATE TABLE "vote_scores" (
	"vote_id" uuid PRIMARY KEY NOT NULL,
	"window_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"brier_e4" integer,
	"scored_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vote_scores_outcome_check" CHECK ("vote_scores"."outcome" in ('hit', 'miss', 'awaiting_prices')),
	CONSTRAINT "vote_scores_brier_check" CHECK (("vote_scores"."outcome" = 'awaiting_prices') = ("vote_scores"."brier_e4" is null) and ("vote_scores"."brier_e4" is null or "vote_scores"."brier_e4" between 0 and 10000))
);
--> statement-breakpoint
ALTER TABLE "market_prices" ADD CONSTRAINT "market_prices_asset_id_trading_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."trading_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "window_scores" ADD CONSTRAINT "window_scores_window_id_entry_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."entry_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "window_scores" ADD CONSTRAINT "window_scores_asset_id_trading_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."trading_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "window_scores" ADD CONSTRAINT "window_scores_timeframe_id_trading_timeframes_id_fk" FOREIGN KEY ("timeframe_id") REFERENCES "public"."trading_timeframes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_scores" ADD CONSTRAINT "vote_scores_vote_id_window_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."window_votes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_scores" ADD CONSTRAINT "vote_scores_window_id_entry_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."entry_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_prices_asset_time_key" ON "market_prices" USING btree ("asset_id","time");--> statement-breakpoint
CREATE INDEX "window_scores_pair_closed_idx" ON "window_scores" USING btree ("asset_id","timeframe_id","closed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vote_scores_window_idx" ON "vote_scores" USING btree ("window_id");
