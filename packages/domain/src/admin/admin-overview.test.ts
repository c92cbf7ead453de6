import { describe, expect, it, test } from 'vitest';
import type { Role } from '../access/roles.ts';
import { analyticsDays, dailySeries, deliveryRatePercent, ENTITLED_PROVIDER_STATUSES, growthWindows, startOfUtcDay, USER_STATUS_GROUP_LABELS, USER_STATUS_GROUPS, userStatusGroup } from './admin-overview.ts';
import { change } from '../dashboard/dashboard-rules.ts';

describe('admin overview rules', () => {
  it('delivery rate: sent of sent + failed, one decimal; none settled is null, not 0 % or 100 %', () => {
    expect(deliveryRatePercent(0, 0)).toBeNull();
    expect(deliveryRatePercent(3, 0)).toBe(100);
    expect(deliveryRatePercent(0, 2)).toBe(0);
    expect(deliveryRatePercent(2, 1)).toBe(66.7);
    expect(deliveryRatePercent(1, 2)).toBe(33.3);
  });

  it('growth compares the last 30 days with the 30 before (percent change of the dashboard rule)', () => {
    const now = new Date('2026-11-23T12:00:00.000Z');
    expect(growthWindows(now)).toEqual({
      previousFrom: new Date('2026-09-24T12:00:00.000Z'),
      currentFrom: new Date('2026-10-24T12:00:00.000Z'),
      until: now,
    });
    expect(change(6, 4).percent).toBe(50);
    expect(change(3, 0).percent).toBeNull();
    expect(change(0, 0).percent).toBe(0);
  });

  it('today starts at 00:00 UTC; a range of days ends today, oldest first', () => {
    expect(startOfUtcDay(new Date('2026-11-23T23:59:59.999Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(analyticsDays(new Date('2026-11-23T00:00:00.000Z'), 3)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(analyticsDays(new Date('2026-03-01T10:00:00.000Z'), 2)).toEqual(['2026-02-28', '2026-03-01']);
  });

  it('a daily series has every day of the range, days without rows at 0, rows outside the range dropped', () => {
    expect(dailySeries(['2026-11-22', '2026-11-23'], [{ day: '2026-11-23', count: 4 }, { day: '2026-10-01', count: 9 }])).toEqual([
      { day: '2026-11-22', count: 0 },
      { day: '2026-11-23', count: 4 },
    ]);
  });

  it('subscribers are the users of an entitled provider status', () => {
    expect([...ENTITLED_PROVIDER_STATUSES].sort()).toEqual(['active', 'past_due', 'trialing']);
  });
});

describe('userStatusGroup: the User Status Distribution classifies people by plan, trial and role', () => {
  test.each([
    { label: 'the admin without plan or trial', roles: ['admin'] as Role[], plan: false, trial: false, group: 'team' },
    { label: 'a trader', roles: ['trader'] as Role[], plan: false, trial: false, group: 'team' },
    { label: 'an affiliate who is also a newcomer', roles: ['newcomer', 'affiliate'] as Role[], plan: false, trial: false, group: 'team' },
    { label: 'an investor', roles: ['investor'] as Role[], plan: false, trial: false, group: 'team' },
    { label: 'a newcomer', roles: ['newcomer'] as Role[], plan: false, trial: false, group: 'visitors' },
    { label: 'a free member', roles: ['subscriber_free'] as Role[], plan: false, trial: false, group: 'visitors' },
    { label: 'a newcomer in a trial', roles: ['newcomer'] as Role[], plan: false, trial: true, group: 'trial' },
    { label: 'an affiliate in a trial', roles: ['affiliate'] as Role[], plan: false, trial: true, group: 'trial' },
    { label: 'anyone with a plan', roles: ['trader'] as Role[], plan: true, trial: true, group: 'subscribers' },
    { label: 'the subscriber role without a stored plan', roles: ['subscriber'] as Role[], plan: false, trial: false, group: 'subscribers' },
  ])('$label: $group', ({ roles, plan, trial, group }) => {
    expect(userStatusGroup({ roles, hasEntitledPlan: plan, hasRunningTrial: trial })).toBe(group);
  });
  test('every group has a label', () => {
    expect(Object.keys(USER_STATUS_GROUP_LABELS).sort()).toEqual([...USER_STATUS_GROUPS].sort());
  });
});
