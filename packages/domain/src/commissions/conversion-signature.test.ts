import { describe, expect, test } from 'vitest';
import { commissionsCsv } from './commission-csv.ts';
import { formatSignatureHeader, isSignatureFresh, parseSignatureHeader, signedConversionPayload } from './conversion-signature.ts';

const HEX = 'a'.repeat(64);
const HEX2 = 'b'.repeat(64);

describe('parseSignatureHeader', () => {
  test.each([
    { header: `t=1795000000,v1=${HEX}`, expected: { timestamp: 1795000000, signatures: [HEX] } },
    { header: ` t=1795000000 , v1=${HEX.toUpperCase()} `, expected: { timestamp: 1795000000, signatures: [HEX] } },
    { header: `t=1795000000,v1=${HEX},v1=${HEX2}`, expected: { timestamp: 1795000000, signatures: [HEX, HEX2] } },
    { header: `t=1795000000,v0=old,v1=${HEX}`, expected: { timestamp: 1795000000, signatures: [HEX] } },
  ])('reads $header', ({ header, expected }) => {
    expect(parseSignatureHeader(header)).toEqual(expected);
  });

  test.each([
    { label: 'missing', header: undefined },
    { label: 'empty', header: '' },
    { label: 'no timestamp', header: `v1=${HEX}` },
    { label: 'no signature', header: 't=1795000000' },
    { label: 'two timestamps', header: `t=1,t=2,v1=${HEX}` },
    { label: 'timestamp not a number', header: `t=soon,v1=${HEX}` },
    { label: 'negative timestamp', header: `t=-5,v1=${HEX}` },
    { label: 'short signature', header: 't=1795000000,v1=abcd' },
    { label: 'non-hex signature', header: `t=1795000000,v1=${'g'.repeat(64)}` },
    { label: 'a value with =', header: `t=1795000000,v1=${HEX}=` },
    { label: 'six signatures', header: `t=1,${Array.from({ length: 6 }, () => `v1=${HEX}`).join(',')}` },
  ])('refuses $label', ({ header }) => {
    expect(parseSignatureHeader(header)).toBeNull();
  });

  test('formatSignatureHeader round-trips', () => {
    expect(parseSignatureHeader(formatSignatureHeader(42, HEX))).toEqual({ timestamp: 42, signatures: [HEX] });
  });

  test('the signed message is the timestamp, a dot and the raw body', () => {
    expect(signedConversionPayload(1795000000, '{"a":1}')).toBe('1795000000.{"a":1}');
  });
});

describe('isSignatureFresh: 5 minutes either way', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  const t = now.getTime() / 1000;
  test.each([
    { label: 'now', timestamp: t, expected: true },
    { label: '300 s ago', timestamp: t - 300, expected: true },
    { label: '301 s ago', timestamp: t - 301, expected: false },
    { label: '300 s ahead', timestamp: t + 300, expected: true },
    { label: '301 s ahead', timestamp: t + 301, expected: false },
    { label: 'a day ago', timestamp: t - 86_400, expected: false },
  ])('$label -> $expected', ({ timestamp, expected }) => {
    expect(isSignatureFresh(timestamp, now)).toBe(expected);
  });
});

describe('commission CSV (Export Report, cells escaped by the shared csvCell)', () => {
  test('one line per commission with the spec columns, "Not paid" for unpaid ones', () => {
    const csv = commissionsCsv([
      { product_name: 'Growth CRM Pro', amount_cents: 1_470, currency: 'USD', status: 'paid', earned_at: '2026-11-02T10:00:00.000Z', paid_at: '2026-11-13T09:00:00.000Z' },
      { product_name: '=cmd', amount_cents: 5, currency: 'USD', status: 'pending', earned_at: '2026-11-20T10:00:00.000Z', paid_at: null },
    ]);
    expect(csv).toBe(
      'Product,Amount,Currency,Status,Earned Date,Paid Date\r\n' +
        'Growth CRM Pro,14.70,USD,Paid,2026-11-02,2026-11-13\r\n' +
        `'=cmd,0.05,USD,Pending,2026-11-20,Not paid\r\n`,
    );
  });
});
