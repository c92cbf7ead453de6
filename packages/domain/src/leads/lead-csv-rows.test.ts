import { describe, expect, test } from 'vitest';
import type { LeadCsvField } from './lead-csv-columns.ts';
import { checkCsvRow } from './lead-csv-rows.ts';

describe('checkCsvRow', () => {
  const row = (cells: Partial<Record<LeadCsvField, string>>) => checkCsvRow({ name: 'Ada', email: 'ada@example.com', ...cells }, 'qualified');

  test('a full row', () => {
    const result = row({ phone: ' +1 555 123 4567 ', company: 'Acme', source: 'LinkedIn', value: '1,250.50', notes: 'Met, twice', stage: 'In the Bag' });
    expect(result).toMatchObject({
      ok: true,
      lead: { name: 'Ada', email: 'ada@example.com', phone: '+1 555 123 4567', company: 'Acme', source: 'linkedin', value_cents: 125_050, notes: 'Met, twice', stage: 'itb' },
    });
  });

  test('optional cells empty: defaults, with the default stage of the import and the source saying it was imported', () => {
    const result = row({ phone: '', value: '  ' });
    expect(result).toEqual({
      ok: true,
      given: new Set(['name', 'email']),
      lead: { name: 'Ada', email: 'ada@example.com', phone: null, company: null, source: 'csv_import', value_cents: 0, notes: null, stage: 'qualified' },
    });
  });

  test.each([
    { label: 'missing name', cells: { name: '  ' }, reasons: ['Name is required'] },
    { label: 'missing e-mail', cells: { email: '' }, reasons: ['Email is required'] },
    { label: 'missing both', cells: { name: '', email: '' }, reasons: ['Name is required', 'Email is required'] },
    { label: 'bad e-mail', cells: { email: 'ada@' }, reasons: ['Email is invalid ("ada@")'] },
    { label: 'bad phone', cells: { phone: '0123' }, reasons: ['Phone number is invalid ("0123")'] },
    { label: 'negative value', cells: { value: '-10' }, reasons: ['Value cannot be negative ("-10")'] },
    { label: 'non-numeric value', cells: { value: 'lots' }, reasons: ['Value must be a number ("lots")'] },
    { label: 'three decimals', cells: { value: '1.999' }, reasons: ['Value can have at most 2 decimal places ("1.999")'] },
    { label: 'unknown stage', cells: { stage: 'Won' }, reasons: ['Stage "Won" is not one of: New, Interested, Qualified, Positive, In the Bag, Closed, Lost'] },
    {
      label: 'unknown source',
      cells: { source: 'Trade show' },
      reasons: ['Source "Trade show" is not one of: Manual, Website, Referral, LinkedIn, Facebook, Google, Event, Cold Call, Email, Other, CSV import'],
    },
    { label: 'a 10,000-character name', cells: { name: 'x'.repeat(10_000) }, reasons: ['Name must be at most 200 characters'] },
    { label: 'a long bad e-mail is shortened in the reason', cells: { email: 'y'.repeat(50) }, reasons: [`Email is invalid ("${'y'.repeat(40)}…")`] },
  ])('$label', ({ cells, reasons }) => {
    expect(row(cells)).toEqual({ ok: false, reasons });
  });
});
