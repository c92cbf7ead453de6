import type { GOAL_TIMEFRAMES, GOAL_TYPES } from '@myeai/domain';

export const GOAL_TYPE_LABELS: Record<(typeof GOAL_TYPES)[number], string> = { monetary: 'Monetary', skill: 'Skill', lifestyle: 'Lifestyle' };
export const TIMEFRAME_LABELS: Record<(typeof GOAL_TIMEFRAMES)[number], string> = { short_term: 'Short term', mid_term: 'Mid term', long_term: 'Long term' };
