import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { CentsSchema, centsToDollarText, dollarsField, formatDollarsAndCents, parseDollars } from './money.ts';

describe('formatDollarsAndCents: the one money formatter, dollars and cents everywhere', () => {
  test.each([
    { cents: 0, expected: '$0.00' },
    { cents: 5, expected: '$0.05' },
    { cents: 99, expected: '$0.99' },
    { cents: 5_000, expected: '$50.00' },
    { cents: 123_456, expected: '$1,234.56' },
    { cents: 99_999_999, expected: '$999,999.99' },
    { cents: -1, expected: '-$0.01' },
    { cents: -123_456, expected: '-$1,234.56' },
    { cents: -0, expected: '$0.00' },
    // The Hub once showed $17,895 as "$179": every screen now shows the cents.
    { cents: 17_895, expected: '$178.95' },
    { cents: 1_240_000, expected: '$12,400.00' },
  ])('$cents cents -> $expected', ({ cents, expected }) => {
    expect(formatDollarsAndCents(cents)).toBe(expected);
  });
});

describe('CentsSchema', () => {
  test.each([0, 1, -1, 123_456, Number.MAX_SAFE_INTEGER])('accepts %s', (value) => {
    expect(CentsSchema.safeParse(value).success).toBe(true);
  });
  test.each([0.5, 12.34, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Number.POSITIVE_INFINITY, '100'])('refuses %s', (value) => {
    expect(CentsSchema.safeParse(value).success).toBe(false);
  });
});

describe('parseDollars: the one parser of money typed in dollars', () => {
  test.each([
    { text: '1000.00', cents: 100_000 },
    { text: '1000', cents: 100_000 },
    { text: '49.9', cents: 4_990 },
    { text: '0.07', cents: 7 },
    { text: '.5', cents: 50 },
    { text: '0', cents: 0 },
    { text: '007', cents: 700 },
    { text: ' 1250.5 ', cents: 125_050 },
    { text: '1,250.50', cents: 125_050 },
    { text: '$1,000,000', cents: 100_000_000 },
    { text: '$ 5', cents: 500 },
    { text: '999999999999.99', cents: 99_999_999_999_999 },
  ])('$text -> $cents cents', ({ text, cents }) => {
    expect(parseDollars(text)).toEqual({ ok: true, cents });
  });
  test.each([
    { text: '', problem: 'not_a_number' },
    { text: 'abc', problem: 'not_a_number' },
    { text: '12abc', problem: 'not_a_number' },
    { text: '1e5', problem: 'not_a_number' },
    { text: '1,25', problem: 'not_a_number' },
    { text: 'NaN', problem: 'not_a_number' },
    { text: '-5', problem: 'negative' },
    { text: '-$5', problem: 'negative' },
    { text: '1.505', problem: 'decimals' },
    { text: '1000000000000', problem: 'too_large' },
  ])('$text is refused: $problem', ({ text, problem }) => {
    expect(parseDollars(text)).toEqual({ ok: false, problem });
  });
  test('a maximum in cents: at it passes, a cent above is too large', () => {
    expect(parseDollars('100.00', 10_000)).toEqual({ ok: true, cents: 10_000 });
    expect(parseDollars('100.01', 10_000)).toEqual({ ok: false, problem: 'too_large' });
  });
  test.each([0, 1, 5, 99, 100, 125_050, 100_000, 99_999_999_999_999])('centsToDollarText(%s) parses back to the same cents', (cents) => {
    expect(parseDollars(centsToDollarText(cents))).toEqual({ ok: true, cents });
  });
});

describe('dollarsField: a form field typed in dollars, its value in cents, its messages in dollars', () => {
  const messages = { required: 'Enter it in dollars.', invalid: 'Dollars, two decimals.', min: 'At least $0.01.', max: 'At most $10.00.' };
  const field = z.object({ amount: dollarsField(messages, { minCents: 1, maxCents: 1_000 }) });
  const messageOf = (amount: unknown) => {
    const parsed = field.safeParse({ amount });
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };
  test('dollars become cents', () => {
    expect(field.parse({ amount: '9.99' })).toEqual({ amount: 999 });
    expect(field.parse({ amount: '$10' })).toEqual({ amount: 1_000 });
  });
  test.each([
    { amount: '', message: messages.required },
    { amount: '   ', message: messages.required },
    { amount: undefined, message: messages.required },
    { amount: 'ten', message: messages.invalid },
    { amount: '1.234', message: messages.invalid },
    { amount: '0', message: messages.min },
    { amount: '-1', message: messages.min },
    { amount: '10.01', message: messages.max },
    { amount: '1000000000000', message: messages.max },
  ])('$amount -> $message', ({ amount, message }) => {
    expect(messageOf(amount)).toBe(message);
  });
});
