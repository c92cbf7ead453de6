import { describe, expect, it, test } from 'vitest';
import {
  adminDaysLeftColor,
  extendedTrialEnd,
  formatRemainingTime,
  remainingTime,
  trialBannerTone,
  trialDay,
  trialEndsAt,
  TRIAL_FEATURE_KEYS,
  TRIAL_FEATURE_SCREENS,
  TRIAL_STAGES,
  unlockedFeaturesForDay,
} from './trial-stages.ts';
import { decideAccess } from '../access/access-rules.ts';
import { findScreen } from '../access/screens.ts';
import { accessLevelOf, decideTrialFeature } from './access-level.ts';

const START = new Date('2026-11-23T12:00:00.000Z');
const at = (ms: number) => new Date(START.getTime() + ms);
const DAY = 86_400_000;
const SECOND = 1000;

describe('trial days and stage unlocks at day boundaries (±1 s)', () => {
  test.each([
    { label: 'start', offset: 0, day: 1 },
    { label: '1 s before 24 h', offset: DAY - SECOND, day: 1 },
    { label: 'exactly 24 h', offset: DAY, day: 2 },
    { label: '1 s before 48 h', offset: 2 * DAY - SECOND, day: 2 },
    { label: 'exactly 48 h', offset: 2 * DAY, day: 3 },
    { label: '1 s after 48 h', offset: 2 * DAY + SECOND, day: 3 },
    { label: '1 s before 96 h', offset: 4 * DAY - SECOND, day: 4 },
    { label: 'exactly 96 h', offset: 4 * DAY, day: 5 },
    { label: 'exactly 144 h', offset: 6 * DAY, day: 7 },
    { label: 'before the start', offset: -SECOND, day: 0 },
  ])('$label: day $day', ({ offset, day }) => {
    expect(trialDay(START, at(offset))).toBe(day);
  });

  test.each([
    { day: 1, unlocked: ['Welcome Package'], comingSoon: 'Trading Powerup', next: 3, until: 2 },
    { day: 2, unlocked: ['Welcome Package'], comingSoon: 'Trading Powerup', next: 3, until: 1 },
    { day: 3, unlocked: ['Welcome Package', 'Trading Powerup'], comingSoon: 'CEO Tools', next: 5, until: 2 },
    { day: 4, unlocked: ['Welcome Package', 'Trading Powerup'], comingSoon: 'CEO Tools', next: 5, until: 1 },
    { day: 5, unlocked: ['Welcome Package', 'Trading Powerup', 'CEO Tools'], comingSoon: 'Full Access', next: 7, until: 2 },
    { day: 7, unlocked: ['Welcome Package', 'Trading Powerup', 'CEO Tools', 'Full Access'], comingSoon: null, next: null, until: null },
  ])('day $day unlocks $unlocked', ({ day, unlocked, comingSoon, next, until }) => {
    const answer = unlockedFeaturesForDay(day);
    expect(answer.stages.filter((s) => s.status === 'unlocked').map((s) => s.name)).toEqual(unlocked);
    expect(answer.stages.find((s) => s.status === 'coming_soon')?.name ?? null).toBe(comingSoon);
    expect(answer.next_unlock_day).toBe(next);
    expect(answer.days_until_next_unlock).toBe(until);
  });

  it('lists the features of unlocked stages, those of the learning hub among them since it is built (issue 20)', () => {
    expect(unlockedFeaturesForDay(1).unlocked_features).toEqual(['Business Hub', 'Goals & Progress', 'Basic Learning Hub', 'Trading Compass (live, standard timeframes)']);
    expect(unlockedFeaturesForDay(3).unlocked_features).toEqual([...unlockedFeaturesForDay(1).unlocked_features, 'Premium Trading Compass', 'Advanced Learning Modules']);
    expect(unlockedFeaturesForDay(5).unlocked_features).toEqual([...unlockedFeaturesForDay(3).unlocked_features, 'Full Learning Library']);
    expect(unlockedFeaturesForDay(7).unlocked_features).toEqual([...unlockedFeaturesForDay(5).unlocked_features, 'Trading Alerts', 'Trader Breakdown']);
  });

  it('marks each stage feature with its availability (every one is built now)', () => {
    const stages = unlockedFeaturesForDay(5).stages;
    expect(stages[0]!.features).toEqual([
      { key: 'business_hub', name: 'Business Hub', available: true },
      { key: 'goal_progress', name: 'Goals & Progress', available: true },
      { key: 'basic_learning_hub', name: 'Basic Learning Hub', available: true },
      { key: 'trading_compass_live', name: 'Trading Compass (live, standard timeframes)', available: true },
    ]);
    expect(stages.map((s) => [s.name, s.status, s.available])).toEqual([
      ['Welcome Package', 'unlocked', true],
      ['Trading Powerup', 'unlocked', true],
      ['CEO Tools', 'unlocked', true],
      ['Full Access', 'coming_soon', true],
    ]);
  });

  it('places every staged feature on a screen of the route table that a newcomer may open (decision 35)', () => {
    for (const feature of TRIAL_FEATURE_KEYS) {
      const screen = findScreen(TRIAL_FEATURE_SCREENS[feature]);
      expect(screen, feature).toBeDefined();
      expect(decideAccess(screen!.access, { activeRole: 'newcomer' }), feature).toBe('allowed');
    }
  });

  it('every stage holds at least one feature and every feature sits in exactly one stage', () => {
    const staged = TRIAL_STAGES.flatMap((stage) => stage.features);
    expect([...staged].sort()).toEqual([...TRIAL_FEATURE_KEYS].sort());
    expect(TRIAL_STAGES.map((stage) => stage.day)).toEqual([1, 3, 5, 7]);
  });

  it('unlocks nothing without a running trial', () => {
    const none = unlockedFeaturesForDay(0);
    expect(none.unlocked_features).toEqual([]);
    expect(none.stages.every((s) => s.status === 'locked')).toBe(true);
    expect(none.next_unlock_day).toBeNull();
  });

  it('refuses a day-3 feature on day 2 and allows it from exactly 48 h', () => {
    const facts = { roles: ['newcomer'] as const, activeRole: 'newcomer' as const, trial: { startedAt: START, endsAt: trialEndsAt(START), convertedAt: null } };
    expect(decideTrialFeature(facts, 'premium_trading_compass', at(2 * DAY - SECOND))).toMatchObject({ allowed: false, reason: 'not_yet_unlocked', unlock_day: 3 });
    expect(decideTrialFeature(facts, 'premium_trading_compass', at(2 * DAY))).toEqual({ allowed: true });
    expect(decideTrialFeature(facts, 'business_hub', START)).toEqual({ allowed: true });
    expect(decideTrialFeature(facts, 'business_hub', at(7 * DAY))).toMatchObject({ allowed: false, reason: 'trial_expired' });
    expect(decideTrialFeature({ ...facts, trial: null }, 'business_hub', START)).toMatchObject({ allowed: false, reason: 'no_trial' });
    expect(decideTrialFeature({ ...facts, roles: ['newcomer', 'subscriber'] }, 'trader_breakdown', START)).toEqual({ allowed: true });
    expect(decideTrialFeature({ roles: ['affiliate'], activeRole: 'affiliate', trial: null }, 'trader_breakdown', START)).toEqual({ allowed: true });
  });
});

describe('each staged feature opens on its day, to the second', () => {
  const facts = { roles: ['newcomer'] as const, activeRole: 'newcomer' as const, trial: { startedAt: START, endsAt: trialEndsAt(START), convertedAt: null } };
  test.each(TRIAL_STAGES.flatMap((stage) => stage.features.map((feature) => ({ feature, day: stage.day }))))('$feature: refused 1 s before day $day, allowed from its first second', ({ feature, day }) => {
    const opens = (day - 1) * DAY;
    if (day > 1) expect(decideTrialFeature(facts, feature, at(opens - SECOND))).toMatchObject({ allowed: false, reason: 'not_yet_unlocked', unlock_day: day });
    expect(decideTrialFeature(facts, feature, at(opens))).toEqual({ allowed: true });
    expect(decideTrialFeature(facts, feature, at(opens + SECOND))).toEqual({ allowed: true });
    expect(decideTrialFeature(facts, feature, at(7 * DAY - SECOND))).toEqual({ allowed: true });
    expect(decideTrialFeature(facts, feature, at(7 * DAY))).toMatchObject({ allowed: false, reason: 'trial_expired' });
  });
});

describe('access level', () => {
  const trial = { startedAt: START, endsAt: trialEndsAt(START), convertedAt: null };
  test.each([
    { label: 'no trial', roles: ['newcomer'], t: null, now: START, level: 'preview', status: 'visitor' },
    { label: 'running trial', roles: ['newcomer'], t: trial, now: at(DAY), level: 'trial', status: 'trial' },
    { label: '1 s before the end', roles: ['newcomer'], t: trial, now: at(7 * DAY - SECOND), level: 'trial', status: 'trial' },
    { label: 'at the end', roles: ['newcomer'], t: trial, now: at(7 * DAY), level: 'expired_trial', status: 'visitor' },
    { label: 'subscriber', roles: ['subscriber'], t: null, now: START, level: 'subscriber', status: 'subscriber' },
    { label: 'converted trial', roles: ['newcomer'], t: { ...trial, convertedAt: at(DAY) }, now: at(8 * DAY), level: 'preview', status: 'visitor' },
  ] as const)('$label: $level', ({ roles, t, now, level, status }) => {
    expect(accessLevelOf({ roles, activeRole: roles[0], trial: t }, now)).toEqual({ access_level: level, user_status: status });
  });
});

describe('banner tone table', () => {
  test.each([
    { is_expired: true, days_remaining: 5, tone: 'red' },
    { is_expired: false, days_remaining: 0, tone: 'orange' },
    { is_expired: false, days_remaining: 1, tone: 'yellow' },
    { is_expired: false, days_remaining: 2, tone: 'yellow' },
    { is_expired: false, days_remaining: 3, tone: 'blue' },
    { is_expired: false, days_remaining: 6, tone: 'blue' },
  ] as const)('expired $is_expired, $days_remaining days: $tone', ({ tone, ...status }) => {
    expect(trialBannerTone(status)).toBe(tone);
  });

  test.each([
    { days: 7, color: 'green' },
    { days: 4, color: 'green' },
    { days: 3, color: 'orange' },
    { days: 2, color: 'orange' },
    { days: 1, color: 'red' },
    { days: 0, color: 'red' },
  ] as const)('admin list: $days days left is $color', ({ days, color }) => {
    expect(adminDaysLeftColor(days)).toBe(color);
  });
});

describe('remaining time', () => {
  const end = trialEndsAt(START);
  test.each([
    { label: 'full trial', now: START, parts: { days: 7, hours: 0, minutes: 0 }, text: '7 days 0 hours' },
    { label: 'one day and one hour', now: new Date(end.getTime() - DAY - 3_600_000 - 30 * SECOND), parts: { days: 1, hours: 1, minutes: 0 }, text: '1 day 1 hour' },
    { label: 'hours and minutes', now: new Date(end.getTime() - 5 * 3_600_000 - 12 * 60_000), parts: { days: 0, hours: 5, minutes: 12 }, text: '5 hours 12 minutes' },
    { label: 'minutes only', now: new Date(end.getTime() - 42 * 60_000 - SECOND), parts: { days: 0, hours: 0, minutes: 42 }, text: '42 minutes' },
    { label: 'one minute', now: new Date(end.getTime() - 60_000), parts: { days: 0, hours: 0, minutes: 1 }, text: '1 minute' },
    { label: 'ended', now: new Date(end.getTime() + DAY), parts: { days: 0, hours: 0, minutes: 0 }, text: '0 minutes' },
  ])('$label: $text', ({ now, parts, text }) => {
    expect(remainingTime(end, now)).toEqual(parts);
    expect(formatRemainingTime(parts)).toBe(text);
  });

  it('extends from the later of now and the current end', () => {
    expect(extendedTrialEnd(end, START, 7).toISOString()).toBe(new Date(end.getTime() + 7 * DAY).toISOString());
    const later = new Date(end.getTime() + 3 * DAY);
    expect(extendedTrialEnd(end, later, 2).toISOString()).toBe(new Date(later.getTime() + 2 * DAY).toISOString());
  });
});
