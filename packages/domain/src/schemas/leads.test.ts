import { describe, expect, test } from 'vitest';
import { CreateLeadInputSchema, ImportCsvOptionsSchema, LeadFormSchema, ListLeadsQuerySchema, UpdateLeadInputSchema } from './leads.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('CreateLeadInputSchema', () => {
  test('defaults of the lead hub: stage new, source manual, value 0; blank optionals become null', () => {
    expect(CreateLeadInputSchema.parse({ name: ' Ada ', email: ' Ada@Example.com ', phone: '', company: '  ' })).toEqual({
      name: 'Ada',
      email: 'Ada@Example.com',
      phone: null,
      company: null,
      notes: null,
      last_contact_at: null,
      stage: 'new',
      source: 'manual',
      value_cents: 0,
    });
  });

  test.each([
    { label: 'no name', body: { email: 'a@x.io' }, messages: ['name: Name is required'] },
    { label: 'blank name', body: { name: '  ', email: 'a@x.io' }, messages: ['name: Name is required'] },
    { label: 'no e-mail', body: { name: 'Ada' }, messages: ['email: Email is required'] },
    { label: 'blank e-mail', body: { name: 'Ada', email: ' ' }, messages: ['email: Email is required'] },
    { label: 'bad e-mail', body: { name: 'Ada', email: 'ada@' }, messages: ['email: Email is invalid'] },
    { label: 'bad phone', body: { name: 'Ada', email: 'a@x.io', phone: '0123' }, messages: ['phone: Phone number is invalid'] },
    { label: 'negative value', body: { name: 'Ada', email: 'a@x.io', value_cents: -1 }, messages: ['value_cents: Value cannot be negative'] },
    { label: 'fractional cents', body: { name: 'Ada', email: 'a@x.io', value_cents: 1.5 }, messages: ['value_cents: Value can have at most 2 decimal places'] },
    { label: 'value as text', body: { name: 'Ada', email: 'a@x.io', value_cents: '12abc' }, messages: ['value_cents: Value must be a number'] },
    { label: 'value NaN', body: { name: 'Ada', email: 'a@x.io', value_cents: Number.NaN }, messages: ['value_cents: Value must be a number'] },
    { label: 'unknown stage', body: { name: 'Ada', email: 'a@x.io', stage: 'won' }, messages: [expect.stringMatching(/^stage: /)] },
    { label: 'owner or id in the body (mass assignment)', body: { name: 'Ada', email: 'a@x.io', user_id: 'x', id: 'y' }, messages: ['Unrecognized keys: "user_id", "id"'].map((m) => `: ${m}`) },
  ])('refuses $label', ({ body, messages }) => {
    expect(firstMessage(CreateLeadInputSchema.safeParse(body))).toEqual(messages);
  });

  test('PUT needs stage, source and value', () => {
    expect(firstMessage(UpdateLeadInputSchema.safeParse({ name: 'Ada', email: 'a@x.io' }))?.map((m) => m.split(':')[0])).toEqual(['stage', 'source', 'value_cents']);
  });
});

describe('LeadFormSchema (the add and edit dialogs)', () => {
  const form = { name: 'Ada', email: 'ada@x.io', phone: '', company: '', notes: '', stage: 'new', source: 'manual', value: '', last_contact_date: '' };
  test('dollars typed become cents', () => {
    expect(LeadFormSchema.parse({ ...form, value: '1,250.50' }).value).toBe(125_050);
    expect(LeadFormSchema.parse(form).value).toBe(0);
  });
  test('every field message at once', () => {
    expect(firstMessage(LeadFormSchema.safeParse({ ...form, name: '', email: 'x', phone: '0', value: 'abc' }))).toEqual([
      'name: Name is required',
      'email: Email is invalid',
      'phone: Phone number is invalid',
      'value: Value must be a number',
    ]);
  });
});

describe('ListLeadsQuerySchema', () => {
  test('defaults', () => {
    expect(ListLeadsQuerySchema.parse({})).toEqual({ sort: 'created_at', dir: 'desc', page: 1, page_size: 25 });
  });
  test.each([{ page_size: '101' }, { page_size: '0' }, { page: '0' }, { sort: 'email' }, { stage: 'won' }, { q: 'x'.repeat(101) }])('refuses %j', (query) => {
    expect(ListLeadsQuerySchema.safeParse(query).success).toBe(false);
  });
});

test('import options default to skipping duplicates and the qualified stage', () => {
  expect(ImportCsvOptionsSchema.parse({})).toEqual({ on_duplicate: 'skip', default_stage: 'qualified' });
});
