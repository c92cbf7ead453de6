import { describe, expect, it, test } from 'vitest';
import {
  activeRoleAfterChange,
  referralCodeNotReferrersMessage,
  referralCodeUsedFor,
  isActiveMember,
  leavesNoAdmin,
  memberStatus,
  normaliseRoleSet,
  parseAdminEmails,
  searchPrefixQuery,
  wouldCreateReferralCycle,
} from './people-rules.ts';
import { UpdateUserRolesInputSchema, UpdateReferralInputSchema, AdminUsersQuerySchema } from '../schemas/people.ts';

describe('role sets', () => {
  it('keeps each role once, in the order of the role list', () => {
    expect(normaliseRoleSet(['admin', 'affiliate', 'admin', 'newcomer'])).toEqual(['newcomer', 'affiliate', 'admin']);
  });

  it('refuses an empty role set with the spec-style message and an unknown role', () => {
    const empty = UpdateUserRolesInputSchema.safeParse({ roles: [] });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('A user must keep at least one role.');
    expect(UpdateUserRolesInputSchema.safeParse({ roles: ['owner'] }).success).toBe(false);
    expect(UpdateUserRolesInputSchema.parse({ roles: ['admin', 'trader', 'trader'] })).toEqual({ roles: ['trader', 'admin'] });
  });

  test.each([
    { label: 'held active role stays', before: ['trader', 'admin'], active: 'trader', after: ['trader', 'affiliate', 'admin'], expected: 'trader' },
    { label: 'newcomer granted affiliate lands on affiliate', before: ['newcomer'], active: 'newcomer', after: ['newcomer', 'affiliate'], expected: 'affiliate' },
    { label: 'newcomer replaced by trader', before: ['newcomer'], active: 'newcomer', after: ['trader'], expected: 'trader' },
    { label: 'removed active role gives way to the most capable left', before: ['trader', 'admin'], active: 'admin', after: ['subscriber', 'trader'], expected: 'trader' },
    { label: 'newcomer kept when nothing was granted', before: ['newcomer', 'trader'], active: 'newcomer', after: ['newcomer'], expected: 'newcomer' },
  ] as const)('active role: $label', ({ before, active, after, expected }) => {
    expect(activeRoleAfterChange(before, active, after)).toBe(expected);
  });
});

describe('the last admin', () => {
  test.each([
    { label: 'last admin loses admin', targetIsActiveAdmin: true, targetStaysAdmin: false, otherActiveAdmins: 0, expected: true },
    { label: 'another admin remains', targetIsActiveAdmin: true, targetStaysAdmin: false, otherActiveAdmins: 1, expected: false },
    { label: 'last admin keeps admin', targetIsActiveAdmin: true, targetStaysAdmin: true, otherActiveAdmins: 0, expected: false },
    { label: 'target is no admin', targetIsActiveAdmin: false, targetStaysAdmin: false, otherActiveAdmins: 0, expected: false },
  ])('$label', ({ expected, ...params }) => {
    expect(leavesNoAdmin(params)).toBe(expected);
  });
});

describe('referral cycles', () => {
  it('refuses the user as their own referrer', () => {
    expect(wouldCreateReferralCycle('a', 'a', [])).toBe(true);
  });

  it('refuses a referrer from the user’s downline, however far up the user sits', () => {
    // b was referred by a; making b the referrer of a closes a -> b -> a.
    expect(wouldCreateReferralCycle('a', 'b', ['a'])).toBe(true);
    const chain = Array.from({ length: 500 }, (_, i) => `u${i}`);
    expect(wouldCreateReferralCycle('u499', 'x', chain)).toBe(true);
    expect(wouldCreateReferralCycle('z', 'x', chain)).toBe(false);
  });

  it('accepts an unrelated referrer', () => {
    expect(wouldCreateReferralCycle('a', 'c', ['d', 'e'])).toBe(false);
  });
});

describe('member status and activity', () => {
  it('reads converted before trial', () => {
    expect(memberStatus({ hasTrial: true, hasConverted: true })).toBe('converted');
    expect(memberStatus({ hasTrial: true, hasConverted: false })).toBe('trial_activated');
    expect(memberStatus({ hasTrial: false, hasConverted: false })).toBe('active');
  });

  it('counts a member active up to 30 days after their last request', () => {
    const now = new Date('2026-11-25T00:00:00Z');
    expect(isActiveMember(new Date('2026-10-26T00:00:00Z'), now)).toBe(true);
    expect(isActiveMember(new Date('2026-10-25T23:59:59Z'), now)).toBe(false);
    expect(isActiveMember(null, now)).toBe(false);
  });
});

describe('ADMIN_EMAILS', () => {
  it('splits on commas, trims, lowercases, drops blanks and repeats', () => {
    expect(parseAdminEmails(' Ada@Example.com, ,bob@example.org,ada@example.com ')).toEqual({ emails: ['ada@example.com', 'bob@example.org'], invalid: [] });
  });

  it('reports what is not an address', () => {
    expect(parseAdminEmails('ada@example.com, not-an-address')).toEqual({ emails: ['ada@example.com'], invalid: ['not-an-address'] });
  });

  it('is empty when unset', () => {
    expect(parseAdminEmails(undefined)).toEqual({ emails: [], invalid: [] });
  });
});

describe('search', () => {
  test.each([
    { input: 'Ada', expected: "'ada':*" },
    { input: '  ada   LOVE ', expected: "'ada':* & 'love':*" },
    { input: "o'brien & | ! (x)", expected: "'obrien':* & 'x':*" },
    { input: 'ada@example.com', expected: "'ada@example.com':*" },
    { input: '  ', expected: null },
    { input: "'':*", expected: null },
  ])('"$input"', ({ input, expected }) => {
    expect(searchPrefixQuery(input)).toBe(expected);
  });
});

describe('request schemas', () => {
  it('reads the referrer filter as all, direct or one user id', () => {
    expect(AdminUsersQuerySchema.parse({}).referrer).toBe('all');
    expect(AdminUsersQuerySchema.parse({ referrer: 'direct' }).referrer).toBe('direct');
    expect(AdminUsersQuerySchema.safeParse({ referrer: 'someone' }).success).toBe(false);
    expect(AdminUsersQuerySchema.safeParse({ page_size: 1000 }).success).toBe(false);
  });

  it('takes "none" as removing the referral', () => {
    expect(UpdateReferralInputSchema.parse({ referrer_user_id: 'none' })).toMatchObject({ referrer_user_id: 'none' });
    expect(UpdateReferralInputSchema.safeParse({ referrer_user_id: '' }).success).toBe(false);
    expect(UpdateReferralInputSchema.safeParse({ referrer_user_id: '00000000-0000-4000-8000-000000000000', join_date: '2026-13-01' }).success).toBe(false);
    expect(UpdateReferralInputSchema.safeParse({ referrer_user_id: '00000000-0000-4000-8000-000000000000', join_date: '0000-01-01' }).success).toBe(false);
    expect(UpdateReferralInputSchema.parse({ referrer_user_id: '00000000-0000-4000-8000-000000000000', join_date: '2026-02-28' }).join_date).toBe('2026-02-28');
  });
});

describe('referralCodeUsedFor: the admin referral edit stores only a code of the chosen referrer', () => {
  const referrer = { code: 'ABCD2345', aliases: ['OLDCODE1', '0f8c7a52-3f0e-4c55-9d6b-2f4f9a1f0c11'], keptCode: null };
  test.each([
    { typed: 'ABCD2345', stored: 'ABCD2345' },
    { typed: ' abcd2345 ', stored: 'ABCD2345' },
    { typed: 'MYEAI-ABCD2345', stored: 'ABCD2345' },
    { typed: 'myeai-abcd2345', stored: 'ABCD2345' },
    { typed: 'OLDCODE1', stored: 'OLDCODE1' },
    { typed: 'myeai-oldcode1', stored: 'OLDCODE1' },
    { typed: '0f8c7a52-3f0e-4c55-9d6b-2f4f9a1f0c11', stored: '0f8c7a52-3f0e-4c55-9d6b-2f4f9a1f0c11' },
    { typed: 'WXYZ2345', stored: null },
    { typed: 'anything at all', stored: null },
    { typed: 'MYEAI-', stored: null },
  ])('$typed -> $stored', ({ typed, stored }) => {
    expect(referralCodeUsedFor(typed, referrer)).toBe(stored);
  });
  test('the code already recorded for this member with the same referrer is kept as it was', () => {
    expect(referralCodeUsedFor('legacy 42', { ...referrer, keptCode: 'legacy 42' })).toBe('legacy 42');
    expect(referralCodeUsedFor('legacy 42', referrer)).toBeNull();
  });
  test('the refusal names the referrer\'s code as shared', () => {
    expect(referralCodeNotReferrersMessage('ABCD2345')).toBe("The code used must be one of the chosen referrer's referral codes (their code is MYEAI-ABCD2345). Leave it empty to record that code.");
  });
});
