import { describe, expect, test } from 'vitest';
import type { GridCell } from '../schemas/trading/compass.ts';
import { cellPresentation, compactAge } from './cell-presentation.ts';

type OpenCell = Extract<GridCell, { locked: false }>;

const empty: OpenCell = {
  locked: false,
  has_data: false,
  traffic_light: 'grey',
  current_bias: null,
  top_percentage: null,
  long_percentage: 0,
  short_percentage: 0,
  neutral_percentage: 0,
  total_votes: 0,
  result_confirmed_bias: null,
  window_open: false,
  open_votes: null,
  open_pool_size: null,
  confirmed_bias: null,
  last_updated: null,
};
const closedAt = '2026-11-23T10:00:00.000Z';
const confirmedLong: OpenCell = {
  ...empty,
  has_data: true,
  traffic_light: 'green',
  current_bias: 'long',
  top_percentage: 85,
  long_percentage: 85,
  short_percentage: 9,
  neutral_percentage: 6,
  total_votes: 13,
  result_confirmed_bias: 'long',
  confirmed_bias: 'long',
  last_updated: closedAt,
};

describe('cellPresentation (decision 050)', () => {
  test('an open window with one vote is "Voting open · 1/13" and carries no percentage of its own', () => {
    const presented = cellPresentation({ ...empty, window_open: true, open_votes: 1, open_pool_size: 13 });
    expect(presented).toEqual({ kind: 'voting_open', label: 'Voting open · 1/13', votes: 1, poolSize: 13, last: null });
  });

  test('an open window over a confirmed result keeps the last result, dated, beside the vote count', () => {
    const presented = cellPresentation({ ...confirmedLong, window_open: true, open_votes: 0, open_pool_size: 13 });
    expect(presented).toEqual({ kind: 'voting_open', label: 'Voting open · 0/13', votes: 0, poolSize: 13, last: { result: 'confirmed', bias: 'long', percent: 85, at: closedAt } });
  });

  test('a closed window that confirmed a bias shows its share as the consensus, with its time', () => {
    expect(cellPresentation(confirmedLong)).toEqual({ kind: 'closed', result: 'confirmed', bias: 'long', percent: 85, at: closedAt });
  });

  test('a closed window below the threshold is no consensus, even with a top share (no percentage presented as one)', () => {
    const below: OpenCell = { ...confirmedLong, top_percentage: 45, long_percentage: 45, result_confirmed_bias: null, confirmed_bias: null };
    expect(cellPresentation(below)).toEqual({ kind: 'closed', result: 'no_consensus', holding: null, at: closedAt });
  });

  test('between the thresholds the standing bias holds: no consensus in this window, the standing one named', () => {
    const held: OpenCell = { ...confirmedLong, top_percentage: 48, result_confirmed_bias: null, confirmed_bias: 'long' };
    expect(cellPresentation(held)).toEqual({ kind: 'closed', result: 'no_consensus', holding: 'long', at: closedAt });
  });

  test('no window with votes yet is empty; a locked cell is locked', () => {
    expect(cellPresentation(empty)).toEqual({ kind: 'empty' });
    expect(cellPresentation({ locked: true })).toEqual({ kind: 'locked' });
  });
});

describe('compactAge', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');
  test.each([
    ['2026-11-23T12:00:30.000Z', 'just now'],
    ['2026-11-23T11:59:30.000Z', 'just now'],
    ['2026-11-23T11:48:00.000Z', '12 min ago'],
    ['2026-11-23T10:00:00.000Z', '2 h ago'],
    ['2026-11-22T12:00:00.001Z', '23 h ago'],
    ['2026-11-20T11:00:00.000Z', '3 d ago'],
  ])('%s reads %s', (iso, expected) => {
    expect(compactAge(iso, now)).toBe(expected);
  });
  test('none or unreadable: null', () => {
    expect(compactAge(null, now)).toBeNull();
    expect(compactAge('nope', now)).toBeNull();
  });
});
