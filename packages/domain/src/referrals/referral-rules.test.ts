import { describe, expect, test } from 'vitest';
import { JoinResponseSchema, ReferralLandingContentSchema, TrackPageTimeInputSchema } from '../schemas/referrals.ts';
import {
  DEFAULT_REFERRAL_LANDING_CONTENT,
  fillReferralLandingContent,
  firstNameOf,
  referralCodeFromInput,
  referralLinkPath,
  referralShareText,
  shareCode,
  shortLinkPath,
} from './referral-rules.ts';

describe('codes and links', () => {
  test('the share code is the fixed prefix plus the referral code', () => {
    expect(shareCode('ABCD2345')).toBe('MYEAI-ABCD2345');
  });

  test.each([
    { input: 'ABCD2345', expected: 'ABCD2345' },
    { input: ' abcd2345 ', expected: 'ABCD2345' },
    { input: 'MYEAI-ABCD2345', expected: 'ABCD2345' },
    { input: 'myeai-abcd2345', expected: 'ABCD2345' },
    { input: 'ABCD1234', expected: null },
    { input: 'MYEAI-', expected: null },
    { input: '//evil.example', expected: null },
    { input: 'ABCD2345%0d%0aLocation:', expected: null },
    { input: '', expected: null },
    { input: null, expected: null },
  ])('referralCodeFromInput($input) = $expected', ({ input, expected }) => {
    expect(referralCodeFromInput(input)).toBe(expected);
  });

  test('paths', () => {
    expect(referralLinkPath('ABCD2345')).toBe('/join?ref=ABCD2345');
    expect(shortLinkPath('ABCD2345')).toBe('/r/ABCD2345');
  });
});

describe('share text', () => {
  test.each([
    { name: 'Alex Affiliate', first: 'Alex' },
    { name: '  Mary-Jane  Watson ', first: 'Mary-Jane' },
    { name: 'Cher', first: 'Cher' },
    { name: '', first: 'A friend' },
    { name: '   ', first: 'A friend' },
    { name: null, first: 'A friend' },
  ])('from "$name" the text starts with "$first"', ({ name, first }) => {
    const text = referralShareText({ inviterName: name, referralCode: 'ABCD2345', link: 'https://myeai.example/r/ABCD2345' });
    expect(text.startsWith(`${first} invited you`)).toBe(true);
    expect(text).toContain('MYEAI-ABCD2345');
    expect(text).toContain('https://myeai.example/r/ABCD2345');
    expect(text).not.toContain('Watson');
  });

  test('first names', () => {
    expect(firstNameOf('Alex Affiliate')).toBe('Alex');
    expect(firstNameOf(undefined)).toBeNull();
    expect(firstNameOf('x'.repeat(100))).toHaveLength(40);
  });
});

describe('landing content', () => {
  test('the default content is valid and names the referrer where the placeholder is', () => {
    expect(ReferralLandingContentSchema.parse(DEFAULT_REFERRAL_LANDING_CONTENT)).toEqual(DEFAULT_REFERRAL_LANDING_CONTENT);
    const filled = fillReferralLandingContent(DEFAULT_REFERRAL_LANDING_CONTENT, 'Alex');
    expect(filled.main_title).toBe('Alex invited you to MYEAI');
    expect(filled.cta_subtitle).toBe('Join Alex and start today.');
    expect(JSON.stringify(filled)).not.toContain('{referrer_name}');
    expect(fillReferralLandingContent(DEFAULT_REFERRAL_LANDING_CONTENT, null).main_title).toBe('A friend invited you to MYEAI');
  });

  test('the placeholder is replaced everywhere, including features, and nothing else changes', () => {
    const content = { ...DEFAULT_REFERRAL_LANDING_CONTENT, features: [{ icon: 'star' as const, title: '{referrer_name} uses it', description: 'Ask {referrer_name}, {referrer_name} knows' }] };
    expect(fillReferralLandingContent(content, 'Bo').features).toEqual([{ icon: 'star', title: 'Bo uses it', description: 'Ask Bo, Bo knows' }]);
  });

  test('a landing response carries a first name only and the content', () => {
    const parsed = JoinResponseSchema.parse({
      status: 'success',
      data: { visitor_id: 'v', referral_code: 'ABCD2345', referrer_name: 'Alex', content: DEFAULT_REFERRAL_LANDING_CONTENT },
    });
    expect(Object.keys(parsed.data).sort()).toEqual(['content', 'referral_code', 'referrer_name', 'visitor_id']);
  });
});

describe('page-time reports', () => {
  test.each([
    { seconds: 0, ok: true },
    { seconds: 12.5, ok: true },
    { seconds: 86_400, ok: true },
    { seconds: 86_401, ok: false },
    { seconds: -5, ok: false },
    { seconds: 1e12, ok: false },
  ])('$seconds s: $ok', ({ seconds, ok }) => {
    expect(TrackPageTimeInputSchema.safeParse({ visitor_id: 'v', referral_code: 'ABCD2345', time_on_page_seconds: seconds }).success).toBe(ok);
  });

  test('unknown keys are refused', () => {
    expect(TrackPageTimeInputSchema.safeParse({ visitor_id: 'v', referral_code: 'ABCD2345', time_on_page_seconds: 3, referrer_id: 'x' }).success).toBe(false);
  });
});
