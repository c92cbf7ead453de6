CREATE TABLE "trading_alert_digest_items" (
	"user_id" uuid NOT NULL,
	"event_id" bigint NOT NULL,
	"digest_day" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trading_alert_digest_items_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "trading_alert_follows" (
	"user_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"timeframe_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trading_alert_follows_user_id_asset_id_timeframe_id_pk" PRIMARY KEY("user_id","asset_id","timeframe_id")
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "trading_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "trading_alerts_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_alert_digest_items" ADD CONSTRAINT "trading_alert_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_alert_digest_items" ADD CONSTRAINT "trading_alert_digest_items_event_id_consensus_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."consensus_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_alert_follows" ADD CONSTRAINT "trading_alert_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_alert_follows" ADD CONSTRAINT "trading_alert_follows_asset_id_trading_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."trading_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_alert_follows" ADD CONSTRAINT "trading_alert_follows_timeframe_id_trading_timeframes_id_fk" FOREIGN KEY ("timeframe_id") REFERENCES "public"."trading_timeframes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_alert_digest_items_day_idx" ON "trading_alert_digest_items" USING btree ("user_id","digest_day");--> statement-breakpoint
CREATE INDEX "trading_alert_follows_cell_idx" ON "trading_alert_follows" USING btree ("asset_id","timeframe_id");