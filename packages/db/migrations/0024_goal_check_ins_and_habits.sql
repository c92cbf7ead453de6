CREATE TABLE "goal_check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"goal_id" uuid NOT NULL,
	"value" numeric(16, 2) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_habit_ticks" (
	"goal_id" uuid NOT NULL,
	"cadence" text NOT NULL,
	"habit" text NOT NULL,
	"period" date NOT NULL,
	"ticked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goal_check_ins" ADD CONSTRAINT "goal_check_ins_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_habit_ticks" ADD CONSTRAINT "goal_habit_ticks_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_check_ins_goal_recorded_idx" ON "goal_check_ins" USING btree ("goal_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "goal_habit_ticks_key" ON "goal_habit_ticks" USING btree ("goal_id","cadence","habit","period");