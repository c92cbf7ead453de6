import { describe, expect, test } from 'vitest';
import type { LiveEvent } from '@myeai/domain';
import { describeTraderEvent, formatCountdown, remainingMs, waitingText } from './countdown.ts';

describe('countdown of an entry window', () => {
  test.each([
    [300_000, '05:00'],
    [299_001, '05:00'],
    [299_000, '04:59'],
    [61_000, '01:01'],
    [1, '00:01'],
    [0, 'Closed'],
    [-5_000, 'Closed'],
    [Number.NaN, 'Closed'],
    [120 * 60_000, '120:00'],
  ])('%d ms left reads %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  test('follows the server clock whatever this browser says (offset measured on arrival)', () => {
    const closesAt = '2026-11-23T12:05:00.000Z';
    const browserNow = Date.parse('2026-11-23T02:00:00.000Z');
    const offset = Date.parse('2026-11-23T12:00:00.000Z') - browserNow; // the browser is 10 hours behind
    expect(formatCountdown(remainingMs(closesAt, browserNow, offset))).toBe('05:00');
    expect(formatCountdown(remainingMs(closesAt, browserNow + 299_000, offset))).toBe('00:01');
    expect(formatCountdown(remainingMs(closesAt, browserNow + 300_000, offset))).toBe('Closed');
  });
});

describe('waiting line', () => {
  test.each([
    [0, 13, 'Waiting for 13 more traders to vote'],
    [12, 13, 'Waiting for 1 more trader to vote'],
    [13, 13, null],
    [14, 13, null],
  ])('%d of %d votes', (votes, pool, text) => {
    expect(waitingText(votes, pool)).toBe(text);
  });
});

describe('trader notices from live events', () => {
  const ref = { window_id: 'w1', asset_id: 'a1', asset_symbol: 'EUR/USD', timeframe_id: 't1', timeframe_code: 'M15' };

  test('position_initiated names the pair, the anonymous initiator and the minutes', () => {
    const event: LiveEvent = {
      id: 7,
      kind: 'position_initiated',
      payload: { ...ref, opened_at: '2026-11-23T12:00:00.000Z', closes_at: '2026-11-23T12:05:00.000Z', time_remaining_seconds: 300, initiator: 'A trader' },
    };
    expect(describeTraderEvent(event)).toEqual({
      id: 7,
      kind: 'position_initiated',
      title: 'Position initiated',
      message: 'EUR/USD M15: A trader opened an entry window for 5 minutes. Cast your vote before it closes.',
      at: '2026-11-23T12:00:00.000Z',
    });
  });

  test('vote_update_trader carries the count only (sealed voting)', () => {
    const event: LiveEvent = { id: 8, kind: 'vote_update_trader', payload: { ...ref, total_votes: 4, pool_size: 13, closes_at: '2026-11-23T12:05:00.000Z', at: '2026-11-23T12:01:00.000Z' } };
    expect(describeTraderEvent(event)?.message).toBe('EUR/USD M15: 4/13 traders voted.');
  });

  test.each([
    [true, 'long' as const, 76.5, 'EUR/USD M15: LONG consensus confirmed at 76.5% (13 votes).'],
    [false, null, null, 'EUR/USD M15: no consensus reached (13 votes).'],
  ])('consensus_final_trader (reached %s)', (reached, bias, percentage, message) => {
    const event: LiveEvent = {
      id: 9,
      kind: 'consensus_final_trader',
      payload: {
        ...ref,
        closed_at: '2026-11-23T12:02:00.000Z',
        close_reason: 'all_voted',
        total_votes: 13,
        consensus_reached: reached,
        final_bias: bias,
        consensus_percentage: percentage,
        long_percentage: 76.5,
        short_percentage: 20,
        neutral_percentage: 3.5,
        standing_bias: bias,
      },
    };
    expect(describeTraderEvent(event)).toMatchObject({ title: 'Consensus final', message });
  });

  test('other kinds are not trader notices', () => {
    const event: LiveEvent = { id: 10, kind: 'notification.deleted', payload: { id: 'n1' } };
    expect(describeTraderEvent(event)).toBeNull();
  });
});
