DROP INDEX "leads_user_name_idx";--> statement-breakpoint
DROP INDEX "leads_user_value_idx";--> statement-breakpoint
DROP INDEX "leads_user_last_contact_idx";--> statement-breakpoint
CREATE INDEX "leads_user_name_created_idx" ON "leads" USING btree ("user_id",lower("name"),"created_at","id");--> statement-breakpoint
CREATE INDEX "leads_user_value_created_idx" ON "leads" USING btree ("user_id","value_cents","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_user_last_contact_created_idx" ON "leads" USING btree ("user_id","last_contact_at" NULLS FIRST,"created_at","id");