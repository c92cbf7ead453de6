import { describe, expect, test } from 'vitest';
import { PasswordSchema, SIGN_IN_FAILED_MESSAGE } from '../auth/password-policy.ts';
import { EmailSchema, RegisterInputSchema, SwitchRoleInputSchema } from './auth.ts';
import { LandingContentSchema } from './landing.ts';

describe('EmailSchema', () => {
  test.each([
    { input: 'Ada@Example.COM', expected: 'ada@example.com' },
    { input: '  ada@example.com ', expected: 'ada@example.com' },
  ])('normalises $input', ({ input, expected }) => {
    expect(EmailSchema.parse(input)).toBe(expected);
  });
  test.each(['', 'ada', 'ada@', '@example.com', 'ada example@x.com'])('refuses %j with the message', (input) => {
    const result = EmailSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a valid email address.');
  });
});

describe('PasswordSchema', () => {
  test.each([
    { input: 'short', message: 'Use at least 10 characters.' },
    { input: '123456789', message: 'Use at least 10 characters.' },
    { input: 'x'.repeat(201), message: 'Use at most 200 characters.' },
  ])('refuses a password of $input.length characters', ({ input, message }) => {
    const result = PasswordSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
  test.each(['1234567890', 'x'.repeat(200)])('accepts a password of %#', (input) => {
    expect(PasswordSchema.safeParse(input).success).toBe(true);
  });
  test('the sign-in failure message is generic', () => {
    expect(SIGN_IN_FAILED_MESSAGE).toBe('Email or password is incorrect.');
  });
});

describe('RegisterInputSchema', () => {
  test('trims the name and normalises the email', () => {
    expect(RegisterInputSchema.parse({ name: '  Ada ', email: 'ADA@x.io', password: 'correct horse' })).toEqual({
      name: 'Ada',
      email: 'ada@x.io',
      password: 'correct horse',
    });
  });
  test('needs a name', () => {
    const result = RegisterInputSchema.safeParse({ name: '   ', email: 'ada@x.io', password: 'correct horse' });
    expect(result.error?.issues[0]?.message).toBe('Enter your name.');
  });
});

describe('SwitchRoleInputSchema', () => {
  test.each(['admin', 'subscriber_free'])('accepts %s', (role) => expect(SwitchRoleInputSchema.safeParse({ role }).success).toBe(true));
  test.each(['root', 'Admin', '', null])('refuses %j', (role) => expect(SwitchRoleInputSchema.safeParse({ role }).success).toBe(false));
});

describe('LandingContentSchema', () => {
  const valid = { figures: [{ label: 'Members', value: '1,200+' }], community_url: 'https://t.me/x', community_name: 'Telegram' };
  test('accepts content with and without a community link', () => {
    expect(LandingContentSchema.safeParse(valid).success).toBe(true);
    expect(LandingContentSchema.safeParse({ ...valid, community_url: null }).success).toBe(true);
  });
  test.each([
    { name: 'no figures', input: { ...valid, figures: [] } },
    { name: 'seven figures', input: { ...valid, figures: Array.from({ length: 7 }, () => valid.figures[0]) } },
    { name: 'empty label', input: { ...valid, figures: [{ label: ' ', value: '1' }] } },
    { name: 'value too long', input: { ...valid, figures: [{ label: 'x', value: 'x'.repeat(21) }] } },
    { name: 'not a URL', input: { ...valid, community_url: 'telegram' } },
    { name: 'missing name', input: { figures: valid.figures, community_url: null } },
  ])('refuses $name', ({ input }) => {
    expect(LandingContentSchema.safeParse(input).success).toBe(false);
  });
});
