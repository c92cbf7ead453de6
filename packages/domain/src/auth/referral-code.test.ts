import { describe, expect, test } from 'vitest';
import { normaliseReferralCode, REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH, referralCodeFromBytes } from './referral-code.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('referralCodeFromBytes', () => {
  test.each([
    { input: bytes(0, 0, 0, 0, 0, 0, 0, 0), expected: 'AAAAAAAA' },
    { input: bytes(0, 1, 2, 3, 4, 5, 6, 7), expected: 'ABCDEFGH' },
    { input: bytes(31, 30, 29, 28, 27, 26, 25, 24), expected: '98765432' },
    // 32 letters: byte values wrap around, 255 % 32 = 31.
    { input: bytes(32, 33, 255, 64, 0, 0, 0, 0), expected: 'AB9AAAAA' },
    // Extra bytes are ignored.
    { input: bytes(1, 1, 1, 1, 1, 1, 1, 1, 9, 9), expected: 'BBBBBBBB' },
  ])('$expected', ({ input, expected }) => {
    expect(referralCodeFromBytes(input)).toBe(expected);
  });

  test('needs enough randomness', () => {
    expect(() => referralCodeFromBytes(bytes(1, 2, 3))).toThrow(/8 random bytes/);
  });

  test('alphabet has no look-alike characters and 32 letters (no modulo bias for bytes)', () => {
    expect(REFERRAL_CODE_ALPHABET).toHaveLength(32);
    expect(REFERRAL_CODE_ALPHABET).not.toMatch(/[01OIl]/);
    expect(new Set(REFERRAL_CODE_ALPHABET).size).toBe(32);
  });

  test('every generated code survives normalisation unchanged', () => {
    for (let seed = 0; seed < 256; seed += 1) {
      const code = referralCodeFromBytes(Uint8Array.from({ length: 8 }, (_, i) => (seed * 7 + i * 31) % 256));
      expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
      expect(normaliseReferralCode(code)).toBe(code);
    }
  });
});

describe('normaliseReferralCode', () => {
  test.each([
    { input: 'ABCDEFGH', expected: 'ABCDEFGH' },
    { input: 'MYEAI-ABCDEFGH', expected: 'ABCDEFGH' },
    { input: ' myeai-abcdefgh ', expected: 'ABCDEFGH' },
    { input: 'MYEAI-', expected: null },
    { input: 'abcdefgh', expected: 'ABCDEFGH' },
    { input: '  abCD2345\n', expected: 'ABCD2345' },
    { input: null, expected: null },
    { input: undefined, expected: null },
    { input: '', expected: null },
    { input: '   ', expected: null },
    { input: 'ABCDEFG', expected: null },
    { input: 'ABCDEFGHJ', expected: null },
    { input: 'ABCD-EFG', expected: null },
    { input: 'ABCDEFG0', expected: null },
    { input: 'ABCDEFGO', expected: null },
    { input: 'ABCDEFG1', expected: null },
    { input: 'ABCDEFGI', expected: null },
    { input: '12345678', expected: null },
    { input: "ABCD'OR1", expected: null },
    { input: '0b6a3f3e-7c1a-4b5e-9f00-1a2b3c4d5e6f', expected: null },
  ])('$input -> $expected', ({ input, expected }) => {
    expect(normaliseReferralCode(input)).toBe(expected);
  });
});
