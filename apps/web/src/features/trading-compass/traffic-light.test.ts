import { describe, expect, test } from 'vitest';
import type { CompassAccessInfo, GridCell } from '@myeai/domain';
import { cellLabel, cellView, LIGHT_COLORS, lockedCellReason, trialLockMessage } from './traffic-light.ts';

const NOW = Date.parse('2026-11-23T14:00:00.000Z');

const open = (overrides: Partial<Extract<GridCell, { locked: false }>>): GridCell => ({
  locked: false,
  has_data: true,
  traffic_light: 'green',
  current_bias: 'long',
  top_percentage: 62,
  long_percentage: 61.9,
  short_percentage: 30,
  neutral_percentage: 8.1,
  total_votes: 13,
  result_confirmed_bias: 'long',
  window_open: false,
  open_votes: null,
  open_pool_size: null,
  confirmed_bias: 'long',
  last_updated: '2026-11-23T12:00:00.000Z',
  ...overrides,
});

describe('a grid cell in words and colour (spec 3 section 4, decision 050)', () => {
  test.each([
    ['long', 'green.7', 'Long'],
    ['short', 'red.7', 'Short'],
    ['neutral', 'orange.6', 'Neutral'],
  ] as const)('a confirmed %s consensus: its light, share, word and age', (bias, color, word) => {
    expect(cellView(open({ current_bias: bias, result_confirmed_bias: bias, confirmed_bias: bias }), NOW)).toEqual({ kind: 'result', color, headline: '62%', word, age: '2 h ago' });
  });

  test('a window below the threshold is grey "No consensus", its top share not shown as one', () => {
    expect(cellView(open({ top_percentage: 45, result_confirmed_bias: null, confirmed_bias: null }), NOW)).toEqual({ kind: 'result', color: LIGHT_COLORS.grey, headline: 'No consensus', word: '', age: '2 h ago' });
  });

  test('an open window is its vote count, with the last result beside it, never a percentage of its own', () => {
    expect(cellView(open({ has_data: false, top_percentage: null, result_confirmed_bias: null, confirmed_bias: null, last_updated: null, window_open: true, open_votes: 1, open_pool_size: 13 }), NOW)).toEqual({
      kind: 'voting_open',
      text: 'Voting open · 1/13',
      last: null,
    });
    expect(cellView(open({ window_open: true, open_votes: 4, open_pool_size: 13 }), NOW)).toMatchObject({ kind: 'voting_open', text: 'Voting open · 4/13', last: { headline: '62%', word: 'Long', age: '2 h ago' } });
  });

  test('no votes and locked carry no figure', () => {
    expect(cellView(open({ has_data: false, top_percentage: null, result_confirmed_bias: null }), NOW)).toEqual({ kind: 'empty' });
    expect(cellView({ locked: true }, NOW)).toEqual({ kind: 'locked' });
  });
});

describe('accessible names of grid cells', () => {
  test.each([
    [open({}), 'EUR/USD H1: 62% Long, 2 h ago'],
    [open({ window_open: true, open_votes: 1, open_pool_size: 13 }), 'EUR/USD H1: Voting open · 1/13, last result 62% Long, 2 h ago'],
    [open({ result_confirmed_bias: null, confirmed_bias: 'long', top_percentage: 48 }), 'EUR/USD H1: No consensus, Long holds, 2 h ago'],
    [open({ has_data: false, top_percentage: null }), 'EUR/USD H1: no votes yet'],
    [{ locked: true } as GridCell, 'EUR/USD H1: locked, needs a plan'],
  ])('%#', (cell, label) => {
    expect(cellLabel(cell, 'EUR/USD', 'H1', NOW)).toBe(label);
  });
});

describe('premium locked by the trial stage (decision 011: day 3)', () => {
  const access = (premium_unlocks_on_trial_day: number | null): CompassAccessInfo => ({
    level: 'trial',
    has_plan: false,
    premium_locked: premium_unlocks_on_trial_day !== null,
    premium_unlocks_on_trial_day,
    locked_timeframe_codes: premium_unlocks_on_trial_day === null ? [] : ['H1', 'H4', 'D1', 'W1', 'W4'],
    delay_minutes: 0,
    asset_limit: 3,
    history_hours: 24,
    data_as_of: '2026-11-23T12:00:00.000Z',
    plan_id: null,
    picked_asset_ids: null,
    trader_breakdown: false,
  });

  test('a trial before day 3 says when premium unlocks, in the feature guard\'s words', () => {
    expect(trialLockMessage(access(3))).toBe('Premium Trading Compass unlocks on day 3 of your trial.');
    expect(cellLabel({ locked: true }, 'EUR/USD', 'H1', NOW, trialLockMessage(access(3)))).toBe('EUR/USD H1: locked, Premium Trading Compass unlocks on day 3 of your trial.');
  });

  test('open premium, or premium locked until a plan: no day to wait for, the plan text', () => {
    expect(trialLockMessage(access(null))).toBeNull();
    expect(trialLockMessage({ ...access(null), level: 'preview', premium_locked: true, delay_minutes: 120 })).toBeNull();
    expect(cellLabel({ locked: true }, 'EUR/USD', 'H1', NOW, null)).toBe('EUR/USD H1: locked, needs a plan');
    expect(lockedCellReason(null)).toBe('needs a plan');
  });
});
