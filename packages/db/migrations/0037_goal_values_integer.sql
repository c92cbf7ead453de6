-- Goal values become integer hundredths of the goal's unit (docs/decisions/061): numeric(16,2) * 100 is
-- an integer, so the cast to bigint is exact for every existing row.
ALTER TABLE "goals" ALTER COLUMN "target_value" SET DATA TYPE bigint USING ("target_value" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "goals" RENAME COLUMN "target_value" TO "target_hundredths";--> statement-breakpoint
ALTER TABLE "goals" ALTER COLUMN "current_value" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "goals" ALTER COLUMN "current_value" SET DATA TYPE bigint USING ("current_value" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "goals" ALTER COLUMN "current_value" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "goals" RENAME COLUMN "current_value" TO "current_hundredths";--> statement-breakpoint
ALTER TABLE "goal_check_ins" ALTER COLUMN "value" SET DATA TYPE bigint USING ("value" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "goal_check_ins" RENAME COLUMN "value" TO "value_hundredths";
