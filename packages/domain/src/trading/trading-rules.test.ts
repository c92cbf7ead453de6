import { describe, expect, test } from 'vitest';
import type { Role } from '../access/roles.ts';
import { accessLevelOf, decideTrialFeature, runningTrialDay } from '../trial/access-level.ts';
import { featureUnlocksOnDayMessage, trialEndsAt } from '../trial/trial-stages.ts';
import { compassAccessFor, compassTrialRefusal, dataCutoff, gridVisibilityKey, historyFloor, isTimeframeLocked } from './compass-access.ts';
import { accuracyColor, rankLeaderboard, scoreVote, traderScores } from './trader-scores.ts';
import { ADMIN_TIER_LABELS, checkElitePool, TIER_LABELS, traderTier } from './trader-tiers.ts';
import { emailLocalPart, isPremiumTimeframe, PREMIUM_TIMEFRAME_CODES, trafficLightOf } from './trading-rules.ts';
import { refuseSubmission, selectCountedSubmissions, specializationFits, voteWeightTenths, windowRulesFor, type WindowRules } from './vote-counting.ts';

describe('traderTier (DESIGN.md section 3 item 21, weights in tenths)', () => {
  test.each([
    { weight: 1000, tier: 'lead' },
    { weight: 460, tier: 'lead' },
    { weight: 400, tier: 'lead' },
    { weight: 399, tier: 'senior' },
    { weight: 90, tier: 'senior' },
    { weight: 80, tier: 'senior' },
    { weight: 79, tier: 'regular' },
    { weight: 30, tier: 'regular' },
    { weight: 0, tier: 'regular' },
  ])('$weight tenths -> $tier', ({ weight, tier }) => {
    expect(traderTier(weight)).toBe(tier);
  });

  test('labels: the admin table calls the lead "Corpus"', () => {
    expect(ADMIN_TIER_LABELS.lead).toBe('Corpus');
    expect(TIER_LABELS.lead).toBe('Lead');
  });
});

describe('checkElitePool (exactly 13: 1 lead, 3 senior, 9 regular)', () => {
  const demo = [460, 90, 90, 90, 30, 30, 30, 30, 30, 30, 30, 30, 30];
  test('the demo pool is valid and weighs 100 %', () => {
    expect(checkElitePool(demo)).toEqual({ valid: true, size: 13, counts: { lead: 1, senior: 3, regular: 9 }, totalWeightTenths: 1000, problems: [] });
  });
  test.each([
    { name: 'twelve traders', weights: demo.slice(0, 12), problems: ['The Elite Pool needs exactly 13 active traders (now 12).', 'It needs 9 regular (now 8).'] },
    { name: 'two leads', weights: [460, 460, 90, 90, 30, 30, 30, 30, 30, 30, 30, 30, 30], problems: ['It needs 1 lead (now 2).', 'It needs 3 senior (now 2).'] },
    { name: 'fourteen traders', weights: [...demo, 30], problems: ['The Elite Pool needs exactly 13 active traders (now 14).', 'It needs 9 regular (now 10).'] },
  ])('$name', ({ weights, problems }) => {
    const check = checkElitePool(weights);
    expect(check.valid).toBe(false);
    expect(check.problems).toEqual(problems);
  });
});

describe('compass access (spec 3 section 6)', () => {
  test.each([
    { who: 'a subscriber with a plan', viewer: { activeRole: 'subscriber', roles: ['subscriber'], hasPlan: true, accessLevel: 'subscriber', trialDay: 0 }, level: 'subscriber' },
    { who: 'an affiliate with a plan', viewer: { activeRole: 'affiliate', roles: ['affiliate'], hasPlan: true, accessLevel: 'preview', trialDay: 0 }, level: 'subscriber' },
    { who: 'an admin', viewer: { activeRole: 'admin', roles: ['admin'], hasPlan: false, accessLevel: 'preview', trialDay: 0 }, level: 'subscriber' },
    { who: 'a newcomer whose trial runs', viewer: { activeRole: 'newcomer', roles: ['newcomer'], hasPlan: false, accessLevel: 'trial', trialDay: 1 }, level: 'trial' },
    { who: 'a newcomer who has not started a trial', viewer: { activeRole: 'newcomer', roles: ['newcomer'], hasPlan: false, accessLevel: 'preview', trialDay: 0 }, level: 'preview' },
    { who: 'a newcomer whose trial ended', viewer: { activeRole: 'newcomer', roles: ['newcomer'], hasPlan: false, accessLevel: 'expired_trial', trialDay: 0 }, level: 'preview' },
    { who: 'a free user', viewer: { activeRole: 'subscriber_free', roles: ['subscriber_free'], hasPlan: false, accessLevel: 'preview', trialDay: 0 }, level: 'preview' },
    { who: 'a free user whose trial runs', viewer: { activeRole: 'subscriber_free', roles: ['subscriber_free', 'newcomer'], hasPlan: false, accessLevel: 'trial', trialDay: 1 }, level: 'trial' },
    { who: 'a trader without a plan', viewer: { activeRole: 'trader', roles: ['trader'], hasPlan: false, accessLevel: 'preview', trialDay: 0 }, level: 'preview' },
    { who: 'an affiliate who also holds trader', viewer: { activeRole: 'affiliate', roles: ['affiliate', 'trader'], hasPlan: false, accessLevel: 'preview', trialDay: 0 }, level: 'preview' },
    { who: 'a subscriber whose plan ended', viewer: { activeRole: 'subscriber', roles: ['subscriber'], hasPlan: false, accessLevel: 'subscriber', trialDay: 0 }, level: 'none' },
    { who: 'an investor without a plan', viewer: { activeRole: 'investor', roles: ['investor'], hasPlan: false, accessLevel: 'preview', trialDay: 0 }, level: 'none' },
    { who: 'an affiliate whose trial runs (not a compass role)', viewer: { activeRole: 'affiliate', roles: ['affiliate', 'newcomer'], hasPlan: false, accessLevel: 'trial', trialDay: 1 }, level: 'none' },
  ] as const)('$who: $level', ({ viewer, level }) => {
    expect(compassAccessFor({ ...viewer, roles: [...viewer.roles] }).level).toBe(level);
  });

  const now = new Date('2026-11-23T12:00:00Z');
  test('premium timeframes are locked without a plan, open with one', () => {
    const free = compassAccessFor({ activeRole: 'subscriber_free', roles: ['subscriber_free'], hasPlan: false, accessLevel: 'preview', trialDay: 0 });
    const paid = compassAccessFor({ activeRole: 'subscriber', roles: ['subscriber'], hasPlan: true, accessLevel: 'subscriber', trialDay: 0 });
    for (const code of ['H1', 'H4', 'D1', 'W1', 'W4', 'h1']) {
      expect(isPremiumTimeframe(code)).toBe(true);
      expect(isTimeframeLocked(free, code)).toBe(true);
      expect(isTimeframeLocked(paid, code)).toBe(false);
    }
    for (const code of ['M5', 'M15']) {
      expect(isTimeframeLocked(free, code)).toBe(false);
      expect(isTimeframeLocked(paid, code)).toBe(false);
    }
  });

  test('preview is delayed by 2 hours; the trial sees 3 assets and 24 hours; subscribers everything live', () => {
    for (const accessLevel of ['preview', 'expired_trial'] as const) {
      const preview = compassAccessFor({ activeRole: 'newcomer', roles: ['newcomer'], hasPlan: false, accessLevel, trialDay: 0 });
      expect(dataCutoff(preview, now).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    }
    const trial = compassAccessFor({ activeRole: 'newcomer', roles: ['newcomer'], hasPlan: false, accessLevel: 'trial', trialDay: 1 });
    expect(trial.assetLimit).toBe(3);
    expect(historyFloor(trial, now)?.toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(dataCutoff(trial, now)).toEqual(now);
    const full = compassAccessFor({ activeRole: 'subscriber', roles: ['subscriber'], hasPlan: true, accessLevel: 'subscriber', trialDay: 0 });
    expect([full.delayMs, full.assetLimit, full.historyMs]).toEqual([0, null, null]);
  });

  test('every viewer of one grid key gets the same limits (the grid cache is shared per key)', () => {
    const viewers = [
      { activeRole: 'newcomer', roles: ['newcomer'], hasPlan: false, accessLevel: 'preview', trialDay: 0 },
      { activeRole: 'newcomer', roles: ['newcomer'], hasPlan: false, accessLevel: 'expired_trial', trialDay: 0 },
      { activeRole: 'subscriber_free', roles: ['subscriber_free'], hasPlan: false, accessLevel: 'preview', trialDay: 0 },
      { activeRole: 'trader', roles: ['trader'], hasPlan: false, accessLevel: 'preview', trialDay: 0 },
      { activeRole: 'newcomer', roles: ['newcomer'], hasPlan: false, accessLevel: 'trial', trialDay: 1 },
      { activeRole: 'newcomer', roles: ['newcomer'], hasPlan: false, accessLevel: 'trial', trialDay: 2 },
      { activeRole: 'subscriber_free', roles: ['subscriber_free', 'newcomer'], hasPlan: false, accessLevel: 'trial', trialDay: 1 },
      { activeRole: 'trader', roles: ['trader', 'subscriber'], hasPlan: false, accessLevel: 'subscriber', trialDay: 0 },
      { activeRole: 'newcomer', roles: ['newcomer'], hasPlan: false, accessLevel: 'trial', trialDay: 3 },
      { activeRole: 'subscriber_free', roles: ['subscriber_free', 'newcomer'], hasPlan: false, accessLevel: 'trial', trialDay: 7 },
      { activeRole: 'subscriber', roles: ['subscriber'], hasPlan: true, accessLevel: 'subscriber', trialDay: 0 },
      { activeRole: 'admin', roles: ['admin'], hasPlan: false, accessLevel: 'preview', trialDay: 0 },
    ] as const;
    const limitsByKey = new Map<string, string>();
    for (const viewer of viewers) {
      const access = compassAccessFor({ ...viewer, roles: [...viewer.roles] });
      const { premiumLocked, delayMs, assetLimit, historyMs } = access;
      const key = gridVisibilityKey(access);
      const limits = JSON.stringify({ premiumLocked, delayMs, assetLimit, historyMs });
      expect(limitsByKey.get(key) ?? limits, key).toBe(limits);
      limitsByKey.set(key, limits);
    }
    expect([...limitsByKey.keys()].sort()).toEqual(['preview', 'subscriber', 'trial', 'trial_premium']);
  });
});

describe('the premium compass follows the trial stages (day 3 = 48 h after the start, ±1 s)', () => {
  const START = new Date('2026-11-23T12:00:00.000Z');
  const DAY = 86_400_000;
  const SECOND = 1000;
  const at = (ms: number) => new Date(START.getTime() + ms);
  const trial = { startedAt: START, endsAt: trialEndsAt(START), convertedAt: null };
  const newcomer = { activeRole: 'newcomer', roles: ['newcomer'], hasPlan: false } as const;
  /** What the server does per request: the access level and the trial day, both at the request's time. */
  const accessAt = (now: Date, viewer: { activeRole: Role; roles: readonly Role[]; hasPlan: boolean } = newcomer) =>
    compassAccessFor({ ...viewer, accessLevel: accessLevelOf({ ...viewer, trial }, now).access_level, trialDay: runningTrialDay(trial, now) });
  const MESSAGE = 'Premium Trading Compass unlocks on day 3 of your trial.';

  test.each([
    { label: 'the start (day 1)', offset: 0, open: false },
    { label: '1 s before 48 h (day 2)', offset: 2 * DAY - SECOND, open: false },
    { label: 'exactly 48 h (day 3)', offset: 2 * DAY, open: true },
    { label: '1 s after 48 h (day 3)', offset: 2 * DAY + SECOND, open: true },
    { label: '1 s before the end (day 7)', offset: 7 * DAY - SECOND, open: true },
  ])('$label: premium open $open', ({ offset, open }) => {
    const access = accessAt(at(offset));
    expect(access).toMatchObject({ level: 'trial', premiumLocked: !open, premiumUnlocksOnTrialDay: open ? null : 3, delayMs: 0, assetLimit: 3, historyMs: DAY });
    expect(gridVisibilityKey(access)).toBe(open ? 'trial_premium' : 'trial');
    for (const code of PREMIUM_TIMEFRAME_CODES) {
      expect(isTimeframeLocked(access, code)).toBe(!open);
      expect(compassTrialRefusal(access, code)).toBe(open ? null : MESSAGE);
    }
    expect(isTimeframeLocked(access, 'M5')).toBe(false);
    expect(compassTrialRefusal(access, 'M5')).toBeNull();
  });

  test('the refusal is the feature guard\'s text, from the one stage table', () => {
    const day2 = at(2 * DAY - SECOND);
    const guard = decideTrialFeature({ ...newcomer, trial }, 'premium_trading_compass', day2);
    expect(guard).toMatchObject({ allowed: false, message: MESSAGE });
    expect(compassTrialRefusal(accessAt(day2), 'H1')).toBe(featureUnlocksOnDayMessage('premium_trading_compass'));
  });

  test('a free user in a trial follows the same stages', () => {
    const free = { activeRole: 'subscriber_free', roles: ['subscriber_free', 'newcomer'], hasPlan: false } as const;
    expect(accessAt(at(DAY), free)).toMatchObject({ level: 'trial', premiumLocked: true, premiumUnlocksOnTrialDay: 3 });
    expect(accessAt(at(2 * DAY), free)).toMatchObject({ level: 'trial', premiumLocked: false, premiumUnlocksOnTrialDay: null });
  });

  test('the trial level without a running platform trial keeps premium locked until a plan (no day to wait for)', () => {
    const trader = compassAccessFor({ activeRole: 'trader', roles: ['trader', 'subscriber'], hasPlan: false, accessLevel: 'subscriber', trialDay: 0 });
    expect(trader).toMatchObject({ level: 'trial', premiumLocked: true, premiumUnlocksOnTrialDay: null });
    expect(isTimeframeLocked(trader, 'H1')).toBe(true);
    expect(compassTrialRefusal(trader, 'H1')).toBeNull();
    expect(gridVisibilityKey(trader)).toBe('trial');
  });

  test('an ended or converted trial: preview again, nothing to wait for; plans and admins unchanged', () => {
    const ended = accessAt(at(7 * DAY));
    expect(ended).toMatchObject({ level: 'preview', premiumLocked: true, premiumUnlocksOnTrialDay: null });
    expect(runningTrialDay(trial, at(7 * DAY))).toBe(0);
    expect(runningTrialDay({ ...trial, convertedAt: at(DAY) }, at(DAY + SECOND))).toBe(0);
    expect(runningTrialDay(null, START)).toBe(0);
    expect(accessAt(at(DAY), { activeRole: 'subscriber', roles: ['subscriber', 'newcomer'], hasPlan: true })).toMatchObject({ level: 'subscriber', premiumLocked: false, premiumUnlocksOnTrialDay: null });
    expect(accessAt(at(DAY), { activeRole: 'admin', roles: ['admin', 'newcomer'], hasPlan: false })).toMatchObject({ level: 'subscriber', premiumLocked: false, premiumUnlocksOnTrialDay: null });
    expect(accessAt(at(DAY), { activeRole: 'investor', roles: ['investor', 'newcomer'], hasPlan: false })).toMatchObject({ level: 'none', premiumUnlocksOnTrialDay: null });
  });
});

describe('open mode: the first N submissions inside the daily window count', () => {
  const window = { start: '06:00', end: '08:00', timeZone: 'America/New_York' };
  const open: WindowRules = windowRulesFor({ mode: 'open', maxConsensusSize: 3, submissionWindow: window, performanceWeighting: false, assetSpecialization: false });
  const fixed: WindowRules = windowRulesFor({ mode: 'fixed', maxConsensusSize: 3, submissionWindow: window, performanceWeighting: true, assetSpecialization: true });
  const s = (id: string, iso: string) => ({ id, createdAt: new Date(iso) });

  test('fixed mode ignores the open-mode settings: 13 votes, trader weights', () => {
    expect(fixed).toEqual({ mode: 'fixed', poolSize: 13, submissionWindow: null, performanceWeighting: false, assetSpecialization: false });
  });

  test('only submissions inside 06:00-08:00 New York count, first N by time (then id), whatever the input order', () => {
    const submissions = [
      s('late', '2026-11-23T13:00:00Z'), // 08:00 EST: outside
      s('d', '2026-11-23T11:40:00Z'),
      s('early', '2026-11-23T10:59:59Z'), // 05:59:59 EST: outside
      s('b', '2026-11-23T11:10:00Z'),
      s('c', '2026-11-23T11:10:00Z'),
      s('a', '2026-11-23T11:00:00Z'),
    ];
    expect(selectCountedSubmissions(submissions, open).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(selectCountedSubmissions([...submissions].reverse(), open).map((x) => x.id)).toEqual(['a', 'b', 'c']);
  });

  test.each([
    { now: '2026-11-23T11:30:00Z', counted: 0, refusal: null },
    { now: '2026-11-23T11:30:00Z', counted: 3, refusal: 'window_full' },
    { now: '2026-11-23T13:30:00Z', counted: 0, refusal: 'outside_submission_window' },
  ])('a submission at $now with $counted counted: $refusal', ({ now, counted, refusal }) => {
    expect(refuseSubmission({ now: new Date(now), countedSoFar: counted, rules: open })).toBe(refusal);
  });

  test('fixed mode refuses only a 14th vote, at any time of day', () => {
    expect(refuseSubmission({ now: new Date('2026-11-23T03:00:00Z'), countedSoFar: 12, rules: fixed })).toBeNull();
    expect(refuseSubmission({ now: new Date('2026-11-23T03:00:00Z'), countedSoFar: 13, rules: fixed })).toBe('window_full');
  });

  test.each([
    { name: 'fixed: the trader weight', rules: fixed, weight: 460, record: { hits: 90, scored: 100 }, spec: 'scalper', minutes: 5, expected: 460 },
    { name: 'open: one each', rules: open, weight: 460, record: { hits: 90, scored: 100 }, spec: null, minutes: 5, expected: 10 },
    { name: 'open + performance: the shrunk market hit rate (200 of 300: 65.6)', rules: { ...open, performanceWeighting: true }, weight: 460, record: { hits: 200, scored: 300 }, spec: null, minutes: 5, expected: 656 },
    { name: 'open + performance, 3 of 3: 56.5', rules: { ...open, performanceWeighting: true }, weight: 460, record: { hits: 3, scored: 3 }, spec: null, minutes: 5, expected: 565 },
    { name: 'open + performance, never scored: 50', rules: { ...open, performanceWeighting: true }, weight: 30, record: null, spec: null, minutes: 5, expected: 500 },
    { name: 'open + performance, 0 of 1000 still counts a little', rules: { ...open, performanceWeighting: true }, weight: 30, record: { hits: 0, scored: 1000 }, spec: null, minutes: 5, expected: 10 },
    { name: 'open + performance + specialization: doubled', rules: { ...open, performanceWeighting: true, assetSpecialization: true }, weight: 30, record: null, spec: 'scalper', minutes: 5, expected: 1000 },
    { name: 'open + specialization: a scalper on M5 counts double', rules: { ...open, assetSpecialization: true }, weight: 30, record: null, spec: 'scalper', minutes: 5, expected: 20 },
    { name: 'open + specialization: a scalper on D1 does not', rules: { ...open, assetSpecialization: true }, weight: 30, record: null, spec: 'scalper', minutes: 1440, expected: 10 },
  ] as const)('vote weight, $name', ({ rules, weight, record, spec, minutes, expected }) => {
    expect(voteWeightTenths({ rules, traderWeightTenths: weight, marketRecord: record, specialization: spec, timeframeMinutes: minutes })).toBe(expected);
  });

  test.each([
    { spec: 'scalper', minutes: 15, fits: true },
    { spec: 'scalper', minutes: 60, fits: false },
    { spec: 'intraday', minutes: 60, fits: true },
    { spec: 'intraday', minutes: 1440, fits: false },
    { spec: 'momentum', minutes: 240, fits: true },
    { spec: 'positional', minutes: 10080, fits: true },
    { spec: null, minutes: 5, fits: false },
  ] as const)('$spec fits $minutes min: $fits', ({ spec, minutes, fits }) => {
    expect(specializationFits(spec, minutes)).toBe(fits);
  });
});

describe('trader scores (accuracy = agreement with confirmed consensus)', () => {
  test('computed from counters; nothing scored gives null, not a made-up default', () => {
    expect(traderScores({ votesCast: 0, windowsSeen: 0, scoredVotes: 0, agreedVotes: 0, calibrationSum: 0, confidenceSum: 0 })).toEqual({ accuracy: null, consistency: null, engagement: null, avgConfidence: null });
    expect(traderScores({ votesCast: 8, windowsSeen: 10, scoredVotes: 6, agreedVotes: 4, calibrationSum: 4 * 80 + 2 * 40, confidenceSum: 8 * 65 })).toEqual({
      accuracy: 66.7,
      consistency: 66.7,
      engagement: 80,
      avgConfidence: 65,
    });
  });

  test('scoreVote', () => {
    expect(scoreVote({ confidence: 80, agreed: true })).toEqual({ scoredVotes: 1, agreedVotes: 1, calibrationSum: 80 });
    expect(scoreVote({ confidence: 80, agreed: false })).toEqual({ scoredVotes: 1, agreedVotes: 0, calibrationSum: 20 });
    expect(scoreVote({ confidence: 80, agreed: null })).toEqual({ scoredVotes: 0, agreedVotes: 0, calibrationSum: 0 });
  });

  test.each([
    { accuracy: 70, color: 'green' },
    { accuracy: 69.9, color: 'orange' },
    { accuracy: 50, color: 'orange' },
    { accuracy: 49.9, color: 'red' },
    { accuracy: null, color: 'gray' },
  ])('accuracy $accuracy is $color', ({ accuracy, color }) => {
    expect(accuracyColor(accuracy)).toBe(color);
  });

  test('leaderboard order: accuracy, then scored votes, then votes; untested last', () => {
    const ranked = rankLeaderboard([
      { traderId: 'untested', accuracy: null, scoredVotes: 0, votesCast: 9 },
      { traderId: 'b', accuracy: 80, scoredVotes: 5, votesCast: 5 },
      { traderId: 'a', accuracy: 80, scoredVotes: 10, votesCast: 10 },
      { traderId: 'c', accuracy: 90, scoredVotes: 1, votesCast: 1 },
    ]);
    expect(ranked.map((r) => r.traderId)).toEqual(['c', 'a', 'b', 'untested']);
  });
});

describe('small helpers', () => {
  test('traffic lights', () => {
    expect([trafficLightOf('long'), trafficLightOf('short'), trafficLightOf('neutral'), trafficLightOf(null)]).toEqual(['green', 'red', 'orange', 'grey']);
  });
  test('admins see the local part of an e-mail only', () => {
    expect(emailLocalPart('trader7@demo.myeai.local')).toBe('trader7');
  });
});
