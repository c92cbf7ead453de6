import { describe, expect, it } from 'vitest';
import {
  aliasKey,
  attributedReferrer,
  clickToSignupRate,
  isBurst,
  isCurrentReferralCode,
  isWithinAttributionWindow,
  legacyUserIdAlias,
  nextRankLevel,
  normaliseUtmSource,
  periodDays,
  periodStart,
  rankLevel,
  REFERRAL_ATTRIBUTION_WINDOW_DEFAULT_DAYS,
  selfReferralReasons,
  sourceHost,
  trafficSource,
} from './referral-programme.ts';
import { ATTRIBUTION_WINDOW_DAYS } from '../commissions/conversion-signature.ts';

const DAY = 86_400_000;

describe('rank levels (thresholds 100 / 50 / 20 / 5)', () => {
  it.each([
    [0, 'Starter'],
    [4, 'Starter'],
    [5, 'Bronze'],
    [19, 'Bronze'],
    [20, 'Silver'],
    [49, 'Silver'],
    [50, 'Gold'],
    [99, 'Gold'],
    [100, 'Diamond'],
    [5000, 'Diamond'],
  ] as const)('%i referrals -> %s', (referrals, level) => {
    expect(rankLevel(referrals)).toBe(level);
  });

  it('names the next level and the referrals still needed; none above Diamond', () => {
    expect(nextRankLevel(3)).toEqual({ level: 'Bronze', referrals_needed: 2 });
    expect(nextRankLevel(20)).toEqual({ level: 'Gold', referrals_needed: 30 });
    expect(nextRankLevel(100)).toBeNull();
  });
});

describe('attribution window', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');

  it('defaults to 60 days, apart from the 30-day product conversion window', () => {
    expect(REFERRAL_ATTRIBUTION_WINDOW_DEFAULT_DAYS).toBe(60);
    expect(ATTRIBUTION_WINDOW_DAYS).toBe(30);
  });

  it('counts a code seen exactly 60 x 24 h ago and not one a millisecond older', () => {
    expect(isWithinAttributionWindow(new Date(now.getTime() - 60 * DAY), now, 60)).toBe(true);
    expect(isWithinAttributionWindow(new Date(now.getTime() - 60 * DAY - 1), now, 60)).toBe(false);
    expect(isWithinAttributionWindow(new Date(now.getTime() + 1), now, 60)).toBe(false);
  });

  it('credits the first code seen within the window, else the code given with the sign-up', () => {
    const seen = [
      { referrerId: 'late', seenAt: new Date(now.getTime() - 2 * DAY) },
      { referrerId: 'first', seenAt: new Date(now.getTime() - 10 * DAY) },
      { referrerId: 'expired', seenAt: new Date(now.getTime() - 61 * DAY) },
    ];
    expect(attributedReferrer({ seen, givenReferrerId: 'typed', now, windowDays: 60 })).toBe('first');
    expect(attributedReferrer({ seen, givenReferrerId: 'typed', now, windowDays: 5 })).toBe('late');
    expect(attributedReferrer({ seen: [seen[2]!], givenReferrerId: 'typed', now, windowDays: 60 })).toBe('typed');
    expect(attributedReferrer({ seen: [], givenReferrerId: null, now, windowDays: 60 })).toBeNull();
  });
});

describe('self-referral and burst rules', () => {
  it('flags the same account and a browser the referrer used', () => {
    expect(selfReferralReasons({ signupUserId: 'a', referrerId: 'a', signupVisitorHash: null, referrerVisitorHashes: [] })).toEqual(['self_referral_account']);
    expect(selfReferralReasons({ signupUserId: 'b', referrerId: 'a', signupVisitorHash: 'h1', referrerVisitorHashes: ['h0', 'h1'] })).toEqual(['self_referral_visitor']);
    expect(selfReferralReasons({ signupUserId: 'b', referrerId: 'a', signupVisitorHash: 'h2', referrerVisitorHashes: ['h1'] })).toEqual([]);
    expect(selfReferralReasons({ signupUserId: 'b', referrerId: 'a', signupVisitorHash: null, referrerVisitorHashes: ['h1'] })).toEqual([]);
  });

  it('a burst is 3 or more sign-ups from one address in the window', () => {
    expect(isBurst(2)).toBe(false);
    expect(isBurst(3)).toBe(true);
  });
});

describe('traffic source and rates', () => {
  it('prefers utm_source, then the referring host without www., then direct', () => {
    expect(trafficSource({ utmSource: 'newsletter', referringSite: 'facebook.com' })).toBe('newsletter');
    expect(trafficSource({ utmSource: null, referringSite: sourceHost('www.facebook.com') })).toBe('facebook.com');
    expect(trafficSource({ utmSource: null, referringSite: null })).toBe('direct');
  });

  it('stores utm_source lower case and refuses anything but a plain token', () => {
    expect(normaliseUtmSource(' LinkedIn ')).toBe('linkedin');
    expect(normaliseUtmSource('a b')).toBeNull();
    expect(normaliseUtmSource('<script>')).toBeNull();
    expect(normaliseUtmSource(['x'])).toBeNull();
    expect(normaliseUtmSource('')).toBeNull();
  });

  it('computes sign-ups per 100 clicks to one decimal, 0 without clicks', () => {
    expect(clickToSignupRate(0, 0)).toBe(0);
    expect(clickToSignupRate(3, 1)).toBe(33.3);
    expect(clickToSignupRate(100_000, 2_000)).toBe(2);
  });

  it('a period of n days ends today and starts at midnight UTC n-1 days before', () => {
    const now = new Date('2026-03-02T15:00:00.000Z');
    expect(periodDays(now, 7)).toEqual(['2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(periodStart(now, 7).toISOString()).toBe('2026-02-24T00:00:00.000Z');
  });
});

describe('migration aliases', () => {
  it('recognises the old user-id links and current codes', () => {
    expect(legacyUserIdAlias('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(legacyUserIdAlias('ABCD2345')).toBeNull();
    expect(isCurrentReferralCode('ABCD2345')).toBe(true);
    expect(isCurrentReferralCode('john123')).toBe(false);
    expect(aliasKey(' john123 ')).toBe('JOHN123');
    expect(aliasKey('')).toBeNull();
  });
});
