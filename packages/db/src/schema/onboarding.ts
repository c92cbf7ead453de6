import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/** The onboarding profile questionnaire (spec 2 section 3), one row per user, saved again on each completion. */
export const userProfiles = pgTable('user_profiles', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  ageRange: text('age_range'),
  location: text('location'),
  incomeLevel: text('income_level'),
  tradingExperience: text('trading_experience'),
  motivation: text('motivation'),
  riskTolerance: text('risk_tolerance'),
  timeAvailability: text('time_availability'),
  learningStyle: text('learning_style'),
  financialGoals: text('financial_goals'),
  biggestChallenge: text('biggest_challenge'),
  idealTradingDay: text('ideal_trading_day'),
  contactPreference: text('contact_preference').notNull().default('email'),
  bestContactTime: text('best_contact_time').notNull().default('evening'),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});
