import { describe, expect, test } from 'vitest';
import type { CompassAccessInfo, GridCell } from '@myeai/domain';
import { cellLabel, cellView, LIGHT_COLORS, lockedCellReason, trialLockMessage } from './traffic-light.ts';

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
  window_open: false,
  confirmed_bias: 'long',
  last_updated: '2026-11-23T12:00:00.000Z',
  ...overrides,
});

describe('traffic light of a grid cell (spec 3 section 4)', () => {
  test.each([
    ['green', 'long', 'green.7', 'Long'],
    ['red', 'short', 'red.7', 'Short'],
    ['orange', 'neutral', 'orange.6', 'Neutral'],
  ] as const)('%s light for %s, with the word beside it', (light, bias, color, word) => {
    expect(cellView(open({ traffic_light: light, current_bias: bias }))).toEqual({ kind: 'bias', color, word, percent: '62%' });
  });

  test('a tie is grey and says so', () => {
    expect(cellView(open({ traffic_light: 'grey', current_bias: null, top_percentage: 50 }))).toEqual({ kind: 'tie', color: LIGHT_COLORS.grey, word: 'Tie', percent: '50%' });
  });

  test('no votes is grey without a figure', () => {
    expect(cellView(open({ has_data: false, traffic_light: 'grey', current_bias: null, top_percentage: null }))).toMatchObject({ kind: 'empty', word: 'No votes', percent: null });
  });

  test('a locked cell has no figure at all', () => {
    expect(cellView({ locked: true })).toEqual({ kind: 'locked', color: LIGHT_COLORS.grey, word: 'Locked', percent: null });
  });
});

describe('accessible names of grid cells', () => {
  test.each([
    [open({}), 'EUR/USD H1: 62% Long'],
    [open({ window_open: true, traffic_light: 'red', current_bias: 'short' }), 'EUR/USD H1: 62% Short, voting open'],
    [open({ traffic_light: 'grey', current_bias: null, top_percentage: 50 }), 'EUR/USD H1: 50% Tie'],
    [open({ has_data: false, top_percentage: null }), 'EUR/USD H1: no votes yet'],
    [{ locked: true } as GridCell, 'EUR/USD H1: locked, needs a plan'],
  ])('%#', (cell, label) => {
    expect(cellLabel(cell, 'EUR/USD', 'H1')).toBe(label);
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
    expect(cellLabel({ locked: true }, 'EUR/USD', 'H1', trialLockMessage(access(3)))).toBe('EUR/USD H1: locked, Premium Trading Compass unlocks on day 3 of your trial.');
  });

  test('open premium, or premium locked until a plan: no day to wait for, the plan text', () => {
    expect(trialLockMessage(access(null))).toBeNull();
    expect(trialLockMessage({ ...access(null), level: 'preview', premium_locked: true, delay_minutes: 120 })).toBeNull();
    expect(cellLabel({ locked: true }, 'EUR/USD', 'H1', null)).toBe('EUR/USD H1: locked, needs a plan');
    expect(lockedCellReason(null)).toBe('needs a plan');
  });
});
