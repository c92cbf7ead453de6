import { describe, expect, test } from 'vitest';
import { notificationTarget } from './notification-rules.ts';
import { notificationAsOf, voteRequestText } from './vote-request.ts';

const closesAt = '2026-11-23T12:15:00.000Z';
const request = {
  type: 'position_initiated',
  ...voteRequestText({ asset: 'EUR/USD', timeframe: 'H1', minutes: 15 }),
  action_required: true,
  data: { asset: 'EUR/USD', timeframe: 'H1', windowId: 'w1', closes_at: closesAt },
};

describe('notificationAsOf: a vote request reads as its window stands when read (decision 024)', () => {
  test('while the window is open it asks for the vote and leads to the trader dashboard', () => {
    const open = notificationAsOf(request, new Date('2026-11-23T12:14:59.999Z'));
    expect(open).toBe(request);
    expect(open.message).toBe('EUR/USD H1: an entry window is open for 15 minutes. Cast your vote before it closes.');
    expect(notificationTarget(open)).toBe('/trader-dashboard');
  });

  test('from its closing time on it says closed and asks for nothing', () => {
    for (const now of [closesAt, '2026-11-23T12:30:00.000Z']) {
      const closed = notificationAsOf(request, new Date(now));
      expect(closed).toMatchObject({ title: 'Entry window closed', message: 'EUR/USD H1: this entry window closed at 12:15 UTC, so voting on it is over.', action_required: false });
      expect(closed.message).not.toMatch(/before it closes/);
      expect(notificationTarget(closed)).toBeNull();
    }
  });

  test('other notifications, and a request without a closing time, are left as they are', () => {
    const other = { ...request, type: 'commission' };
    expect(notificationAsOf(other, new Date('2027-01-01T00:00:00Z'))).toBe(other);
    const noTime = { ...request, data: { asset: 'EUR/USD' } };
    expect(notificationAsOf(noTime, new Date('2027-01-01T00:00:00Z'))).toBe(noTime);
  });
});
