CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"merchant_order_id" text NOT NULL,
	"referrer_id" uuid NOT NULL,
	"click_id" uuid,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"commission_rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversions_amount_positive" CHECK ("conversions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "link_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"referrer_id" uuid,
	"clicked_at" timestamp with time zone NOT NULL,
	"clicked_on" date NOT NULL,
	"visitor_hash" text NOT NULL,
	"user_agent" text,
	"device_class" text NOT NULL,
	"referring_site" text
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"category_id" uuid NOT NULL,
	"commission_rate_bp" integer NOT NULL,
	"price_cents" bigint NOT NULL,
	"master_link" text NOT NULL,
	"image_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"conversion_secret" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "products_commission_rate_bp_range" CHECK ("products"."commission_rate_bp" between 0 and 10000),
	CONSTRAINT "products_price_cents_nonnegative" CHECK ("products"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid,
	"source" text NOT NULL,
	"source_reference" text NOT NULL,
	"product_name" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"rate_bp" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"processing_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "commissions_status_known" CHECK ("commissions"."status" in ('pending', 'processing', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_click_id_link_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."link_clicks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_product_order_key" ON "conversions" USING btree ("product_id","merchant_order_id");--> statement-breakpoint
CREATE INDEX "conversions_referrer_product_idx" ON "conversions" USING btree ("referrer_id","product_id");--> statement-breakpoint
CREATE INDEX "link_clicks_referrer_product_idx" ON "link_clicks" USING btree ("referrer_id","product_id","clicked_at");--> statement-breakpoint
CREATE INDEX "link_clicks_product_idx" ON "link_clicks" USING btree ("product_id","clicked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_name_key" ON "product_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_source_reference_key" ON "commissions" USING btree ("source","source_reference");--> statement-breakpoint
CREATE INDEX "commissions_user_earned_idx" ON "commissions" USING btree ("user_id","earned_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "commissions_user_status_idx" ON "commissions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "commissions_status_earned_idx" ON "commissions" USING btree ("status","earned_at" DESC NULLS LAST,"id" DESC NULLS LAST);