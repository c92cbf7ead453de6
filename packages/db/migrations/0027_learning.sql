CREATE TABLE "learning_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" uuid NOT NULL,
	"content_type" text DEFAULT 'youtube' NOT NULL,
	"url" text,
	"upload_id" uuid,
	"thumbnail_url" text,
	"duration_minutes" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"difficulty" text DEFAULT 'Beginner' NOT NULL,
	"access_level" text DEFAULT 'subscriber' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"collection" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learning_modules_content_type_known" CHECK ("learning_modules"."content_type" in ('youtube', 'vimeo', 'uploaded_video', 'external_video', 'pdf_upload', 'pdf_link')),
	CONSTRAINT "learning_modules_access_level_known" CHECK ("learning_modules"."access_level" in ('free', 'trial', 'subscriber', 'premium')),
	CONSTRAINT "learning_modules_difficulty_known" CHECK ("learning_modules"."difficulty" in ('Beginner', 'Intermediate', 'Advanced')),
	CONSTRAINT "learning_modules_collection_known" CHECK ("learning_modules"."collection" is null or "learning_modules"."collection" in ('sales_scripts', 'social_media_kit', 'landing_pages')),
	CONSTRAINT "learning_modules_duration_range" CHECK ("learning_modules"."duration_minutes" is null or "learning_modules"."duration_minutes" >= 0),
	CONSTRAINT "learning_modules_source_present" CHECK (("learning_modules"."content_type" in ('uploaded_video', 'pdf_upload') and "learning_modules"."upload_id" is not null) or (not "learning_modules"."content_type" in ('uploaded_video', 'pdf_upload') and "learning_modules"."url" is not null))
);
--> statement-breakpoint
CREATE TABLE "learning_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"watch_time_seconds" integer DEFAULT 0 NOT NULL,
	"total_duration_seconds" integer DEFAULT 0 NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "learning_progress_percent_range" CHECK ("learning_progress"."percent" between 0 and 100),
	CONSTRAINT "learning_progress_seconds_positive" CHECK ("learning_progress"."watch_time_seconds" >= 0 and "learning_progress"."total_duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "learning_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learning_ratings_range" CHECK ("learning_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "learning_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stored_name" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learning_uploads_mime_type_known" CHECK ("learning_uploads"."mime_type" in ('video/mp4', 'video/webm', 'application/pdf')),
	CONSTRAINT "learning_uploads_size_positive" CHECK ("learning_uploads"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "learning_modules" ADD CONSTRAINT "learning_modules_category_id_learning_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."learning_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_modules" ADD CONSTRAINT "learning_modules_upload_id_learning_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."learning_uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_modules" ADD CONSTRAINT "learning_modules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_progress" ADD CONSTRAINT "learning_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_progress" ADD CONSTRAINT "learning_progress_module_id_learning_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."learning_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_ratings" ADD CONSTRAINT "learning_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_ratings" ADD CONSTRAINT "learning_ratings_module_id_learning_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."learning_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_uploads" ADD CONSTRAINT "learning_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_categories_name_key" ON "learning_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "learning_modules_order_idx" ON "learning_modules" USING btree ("sort_order","created_at");--> statement-breakpoint
CREATE INDEX "learning_modules_category_idx" ON "learning_modules" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_progress_user_module_key" ON "learning_progress" USING btree ("user_id","module_id");--> statement-breakpoint
CREATE INDEX "learning_progress_module_idx" ON "learning_progress" USING btree ("module_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_ratings_user_module_key" ON "learning_ratings" USING btree ("user_id","module_id");--> statement-breakpoint
CREATE INDEX "learning_ratings_module_idx" ON "learning_ratings" USING btree ("module_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_uploads_stored_name_key" ON "learning_uploads" USING btree ("stored_name");