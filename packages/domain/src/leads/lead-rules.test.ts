import { describe, expect, test } from 'vitest';
import {
  computeLeadStats,
  deleteLeadConfirmation,
  isValidPhone,
  LEAD_MESSAGES,
  parseDollarAmount,
  phoneHref,
  type StageTotal,
} from './lead-rules.ts';
import { centsToDollarText } from '../money.ts';
import { LEAD_STAGE_LABELS, LEAD_STAGES, parseLeadSource, parseLeadStage } from './lead-stages.ts';

describe('stages', () => {
  test('seven stages in pipeline order with their labels', () => {
    expect(LEAD_STAGES.map((stage) => LEAD_STAGE_LABELS[stage])).toEqual(['New', 'Interested', 'Qualified', 'Positive', 'In the Bag', 'Closed', 'Lost']);
  });
  test.each([
    { text: 'itb', stage: 'itb' },
    { text: 'In the Bag', stage: 'itb' },
    { text: 'in-the-bag', stage: 'itb' },
    { text: ' QUALIFIED ', stage: 'qualified' },
    { text: 'Closed', stage: 'closed' },
    { text: 'won', stage: undefined },
    { text: '', stage: undefined },
  ])('parseLeadStage($text) = $stage', ({ text, stage }) => {
    expect(parseLeadStage(text)).toBe(stage);
  });
  test.each([
    { text: 'Cold Call', source: 'cold_call' },
    { text: 'cold_call', source: 'cold_call' },
    { text: 'LINKEDIN', source: 'linkedin' },
    { text: 'E-mail', source: 'email' },
    { text: 'Trade show', source: undefined },
  ])('parseLeadSource($text) = $source', ({ text, source }) => {
    expect(parseLeadSource(text)).toBe(source);
  });
});

describe('phone rule (spec 2 section 5)', () => {
  test.each([
    { phone: '+15551234567', valid: true },
    { phone: '555-123-4567', valid: true },
    { phone: '+44 20 7946 0958', valid: true },
    { phone: '1', valid: true },
    { phone: '1234567890123456', valid: true, label: '16 digits' },
    { phone: '12345678901234567', valid: false, label: '17 digits' },
    { phone: '0555123456', valid: false, label: 'first digit 0' },
    { phone: '+0555123456', valid: false, label: 'plus then 0' },
    { phone: '(555) 123-4567', valid: false, label: 'parentheses' },
    { phone: '555.123.4567', valid: false, label: 'dots' },
    { phone: '++1555', valid: false },
    { phone: '15a55', valid: false },
    { phone: '', valid: false },
  ])('$phone is valid: $valid', ({ phone, valid }) => {
    expect(isValidPhone(phone)).toBe(valid);
  });
  test('tel: link without spaces and dashes', () => {
    expect(phoneHref('+1 555-123 4567')).toBe('tel:+15551234567');
  });
});

describe('parseDollarAmount', () => {
  test.each([
    { text: '1250', cents: 125_000 },
    { text: '1,250.50', cents: 125_050 },
    { text: '$1,250', cents: 125_000 },
    { text: ' 1250.5 ', cents: 125_050 },
    { text: '0', cents: 0 },
    { text: '0.99', cents: 99 },
    { text: '.5', cents: 50 },
    { text: '007', cents: 700 },
    { text: '1,000,000', cents: 100_000_000 },
    { text: '100000000', cents: 10_000_000_000, label: 'the maximum' },
  ])('$text -> $cents cents', ({ text, cents }) => {
    expect(parseDollarAmount(text)).toEqual({ ok: true, cents });
  });
  test.each([
    { text: 'abc', message: LEAD_MESSAGES.valueNotNumber },
    { text: '12abc', message: LEAD_MESSAGES.valueNotNumber },
    { text: '1e5', message: LEAD_MESSAGES.valueNotNumber },
    { text: 'NaN', message: LEAD_MESSAGES.valueNotNumber },
    { text: 'Infinity', message: LEAD_MESSAGES.valueNotNumber },
    { text: '', message: LEAD_MESSAGES.valueNotNumber },
    { text: '1,25', message: LEAD_MESSAGES.valueNotNumber },
    { text: '12,34,567', message: LEAD_MESSAGES.valueNotNumber },
    { text: '1250.', message: LEAD_MESSAGES.valueNotNumber },
    { text: '-5', message: LEAD_MESSAGES.valueNegative },
    { text: '-0', message: LEAD_MESSAGES.valueNegative },
    { text: '-$1,250.50', message: LEAD_MESSAGES.valueNegative },
    { text: '-abc', message: LEAD_MESSAGES.valueNotNumber },
    { text: '1.505', message: LEAD_MESSAGES.valueDecimals },
    { text: '100000000.01', message: LEAD_MESSAGES.valueTooLarge },
    { text: '99999999999999999999', message: LEAD_MESSAGES.valueTooLarge },
  ])('$text is refused: $message (never 0)', ({ text, message }) => {
    expect(parseDollarAmount(text)).toEqual({ ok: false, message });
  });
  test.each([
    { cents: 0, text: '0' },
    { cents: 125_000, text: '1250' },
    { cents: 125_050, text: '1250.50' },
    { cents: 5, text: '0.05' },
  ])('centsToDollarText($cents) = $text and parses back', ({ cents, text }) => {
    expect(centsToDollarText(cents)).toBe(text);
    expect(parseDollarAmount(text)).toEqual({ ok: true, cents });
  });
});

describe('computeLeadStats', () => {
  const totals = (entries: Array<[StageTotal['stage'], number, number]>): StageTotal[] =>
    entries.map(([stage, count, value]) => ({ stage, count, value_cents: value }));

  test('no leads: zeros and 0% conversion', () => {
    const stats = computeLeadStats([]);
    expect(stats).toMatchObject({ total_leads: 0, qualified_plus: 0, total_value_cents: 0, closed: 0, conversion_percent: 0 });
    expect(stats.by_stage.map((s) => s.stage)).toEqual([...LEAD_STAGES]);
  });

  test.each([
    {
      label: 'one of each stage',
      input: totals(LEAD_STAGES.map((stage) => [stage, 1, 100])),
      expected: { total_leads: 7, qualified_plus: 4, total_value_cents: 600, closed: 1, conversion_percent: 14.3 },
    },
    {
      label: 'lost leads count in the total but not in value or Qualified+',
      input: totals([
        ['lost', 3, 90_000],
        ['closed', 1, 10_000],
      ]),
      expected: { total_leads: 4, qualified_plus: 1, total_value_cents: 10_000, closed: 1, conversion_percent: 25 },
    },
    {
      label: 'new and interested are not Qualified+',
      input: totals([
        ['new', 5, 0],
        ['interested', 5, 0],
      ]),
      expected: { total_leads: 10, qualified_plus: 0, total_value_cents: 0, closed: 0, conversion_percent: 0 },
    },
    {
      label: 'all closed',
      input: totals([['closed', 2, 1]]),
      expected: { total_leads: 2, qualified_plus: 2, total_value_cents: 1, closed: 2, conversion_percent: 100 },
    },
    {
      label: 'one in three rounds to one decimal',
      input: totals([
        ['closed', 1, 0],
        ['positive', 2, 0],
      ]),
      expected: { total_leads: 3, qualified_plus: 3, total_value_cents: 0, closed: 1, conversion_percent: 33.3 },
    },
    {
      label: 'repeated stage rows add up',
      input: totals([
        ['itb', 1, 5],
        ['itb', 2, 7],
      ]),
      expected: { total_leads: 3, qualified_plus: 3, total_value_cents: 12, closed: 0, conversion_percent: 0 },
    },
  ])('$label', ({ input, expected }) => {
    expect(computeLeadStats(input)).toMatchObject(expected);
  });
});

test('delete confirmation text of spec 2 section 8', () => {
  expect(deleteLeadConfirmation('Ada Lovelace')).toBe('Are you sure you want to delete lead "Ada Lovelace"? This action cannot be undone.');
});
