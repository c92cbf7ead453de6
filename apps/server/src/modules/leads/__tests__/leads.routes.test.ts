import { randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, leadStageTotals } from '@myeai/db';
import { LEAD_STAGES, type Lead, type LeadListResponse } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

describe.each(testDatabaseKinds())('lead hub API on %s', (kind) => {
  let t: TestApp;
  let affiliate: string;
  let admin: string;

  const create = (payload: object, cookie = affiliate) => t.inject({ method: 'POST', url: '/api/leads', payload, cookie });
  const list = async (query = '', cookie = affiliate) => {
    const response = await t.inject({ method: 'GET', url: `/api/leads${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LeadListResponse;
  };
  const countRows = async () => (await t.database.db.select({ n: count() }).from(leads))[0]?.n ?? 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    affiliate = await t.signInAs('affiliate');
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(leads);
  });

  describe('create, read, update, stage, delete', () => {
    it('creates a lead with the hub defaults and reads it back', async () => {
      const response = await create({ name: ' Ada Lovelace ', email: 'Ada@Example.com' });
      expect(response.statusCode, response.body).toBe(201);
      const lead = response.json() as Lead;
      expect(lead).toEqual({
        id: expect.any(String),
        name: 'Ada Lovelace',
        email: 'Ada@Example.com',
        phone: null,
        company: null,
        source: 'manual',
        stage: 'new',
        value_cents: 0,
        notes: null,
        last_contact_at: null,
        created_at: TEST_NOW.toISOString(),
        updated_at: TEST_NOW.toISOString(),
      });
      const read = await t.inject({ method: 'GET', url: `/api/leads/${lead.id}`, cookie: affiliate });
      expect(read.json()).toEqual(lead);
    });

    it('edits every field with PUT and changes the stage with PATCH', async () => {
      const lead = (await create({ name: 'Ada', email: 'ada@x.io' })).json() as Lead;
      t.clock.advance(60_000);
      const body = {
        name: 'Ada King',
        email: 'ada.king@x.io',
        phone: '+44 20 7946 0958',
        company: 'Analytical Engines Ltd',
        source: 'linkedin',
        stage: 'positive',
        value_cents: 125_050,
        notes: 'Prefers e-mail',
        last_contact_at: '2026-11-20T10:00:00.000Z',
      };
      const put = await t.inject({ method: 'PUT', url: `/api/leads/${lead.id}`, payload: body, cookie: affiliate });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ ...body, id: lead.id, created_at: lead.created_at, updated_at: new Date(TEST_NOW.getTime() + 60_000).toISOString() });

      const patch = await t.inject({ method: 'PATCH', url: `/api/leads/${lead.id}/stage`, payload: { stage: 'itb' }, cookie: affiliate });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(patch.json()).toMatchObject({ ...body, stage: 'itb' });
    });

    it('deletes a lead: gone afterwards, a second delete is 404', async () => {
      const lead = (await create({ name: 'Ada', email: 'ada@x.io' })).json() as Lead;
      const del = await t.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, cookie: affiliate });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ status: 'deleted', id: lead.id });
      expect((await t.inject({ method: 'GET', url: `/api/leads/${lead.id}`, cookie: affiliate })).statusCode).toBe(404);
      expect((await t.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, cookie: affiliate })).statusCode).toBe(404);
    });

    it('refuses a second lead with the same e-mail, whatever the case (409, on create and on edit)', async () => {
      await create({ name: 'Ada', email: 'ada@x.io' });
      const again = await create({ name: 'Ada 2', email: 'ADA@X.IO' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: { code: 'CONFLICT', message: 'A lead with this email already exists', details: [{ path: 'email', message: 'A lead with this email already exists' }] } });
      const bob = (await create({ name: 'Bob', email: 'bob@x.io' })).json() as Lead;
      const edit = await t.inject({ method: 'PUT', url: `/api/leads/${bob.id}`, payload: { name: 'Bob', email: 'Ada@x.io', stage: 'new', source: 'manual', value_cents: 0 }, cookie: affiliate });
      expect(edit.statusCode).toBe(409);
      expect((await t.inject({ method: 'GET', url: `/api/leads/${bob.id}`, cookie: affiliate })).json()).toMatchObject({ email: 'bob@x.io' });
    });

    it('the same e-mail may be a lead of two different users', async () => {
      expect((await create({ name: 'Ada', email: 'ada@x.io' })).statusCode).toBe(201);
      expect((await create({ name: 'Ada', email: 'ada@x.io' }, admin)).statusCode).toBe(201);
    });
  });

  describe('validation: the hub messages, 400 and nothing written', () => {
    it.each([
      { label: 'no name', body: { email: 'a@x.io' }, path: 'name', message: 'Name is required' },
      { label: 'blank name', body: { name: '   ', email: 'a@x.io' }, path: 'name', message: 'Name is required' },
      { label: 'no e-mail', body: { name: 'Ada' }, path: 'email', message: 'Email is required' },
      { label: 'bad e-mail', body: { name: 'Ada', email: 'ada@' }, path: 'email', message: 'Email is invalid' },
      { label: 'phone starting with 0', body: { name: 'Ada', email: 'a@x.io', phone: '0123 456' }, path: 'phone', message: 'Phone number is invalid' },
      { label: 'phone of 17 digits', body: { name: 'Ada', email: 'a@x.io', phone: '12345678901234567' }, path: 'phone', message: 'Phone number is invalid' },
      { label: 'negative value', body: { name: 'Ada', email: 'a@x.io', value_cents: -100 }, path: 'value_cents', message: 'Value cannot be negative' },
      { label: 'value as text', body: { name: 'Ada', email: 'a@x.io', value_cents: '12abc' }, path: 'value_cents', message: 'Value must be a number' },
      { label: 'value as a float of cents', body: { name: 'Ada', email: 'a@x.io', value_cents: 10.5 }, path: 'value_cents', message: 'Value can have at most 2 decimal places' },
      { label: 'unknown stage', body: { name: 'Ada', email: 'a@x.io', stage: 'won' }, path: 'stage', message: expect.any(String) },
      { label: 'unknown source', body: { name: 'Ada', email: 'a@x.io', source: 'tv' }, path: 'source', message: expect.any(String) },
      { label: 'last contact in the future', body: { name: 'Ada', email: 'a@x.io', last_contact_at: '2026-12-01T00:00:00Z' }, path: 'last_contact_at', message: 'Last contact cannot be in the future' },
    ])('$label', async ({ body, path, message }) => {
      const response = await create(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION', details: expect.arrayContaining([{ path, message }]) } });
      expect(await countRows()).toBe(0);
    });

    it('mass assignment: owner, id and dates in the body are refused and change nothing', async () => {
      const lead = (await create({ name: 'Ada', email: 'ada@x.io' })).json() as Lead;
      const other = (await t.inject({ method: 'GET', url: '/api/auth/profile', cookie: admin })).json() as { id: string };
      for (const extra of [{ user_id: other.id }, { owner_id: other.id }, { id: randomUUID() }, { created_at: '2020-01-01T00:00:00Z' }]) {
        const put = await t.inject({ method: 'PUT', url: `/api/leads/${lead.id}`, payload: { name: 'Ada', email: 'ada@x.io', stage: 'new', source: 'manual', value_cents: 0, ...extra }, cookie: affiliate });
        expect(put.statusCode).toBe(400);
        expect((await create({ name: 'X', email: `${Object.keys(extra)[0]}@x.io`, ...extra })).statusCode).toBe(400);
      }
      expect((await t.inject({ method: 'GET', url: `/api/leads/${lead.id}`, cookie: affiliate })).json()).toEqual(lead);
      expect((await list('', admin)).total).toBe(0);
    });

    it('PUT of an unknown or malformed id', async () => {
      const body = { name: 'Ada', email: 'ada@x.io', stage: 'new', source: 'manual', value_cents: 0 };
      expect((await t.inject({ method: 'PUT', url: `/api/leads/${randomUUID()}`, payload: body, cookie: affiliate })).statusCode).toBe(404);
      expect((await t.inject({ method: 'PUT', url: '/api/leads/not-a-uuid', payload: body, cookie: affiliate })).statusCode).toBe(400);
    });
  });

  describe("ownership: another user's lead is 404 and untouched", () => {
    it('read, update, stage change and delete by another user (an admin) all answer 404', async () => {
      const lead = (await create({ name: 'Ada', email: 'ada@x.io', value_cents: 500 })).json() as Lead;
      const body = { name: 'Stolen', email: 'stolen@x.io', stage: 'lost', source: 'other', value_cents: 0 };
      const attempts = [
        t.inject({ method: 'GET', url: `/api/leads/${lead.id}`, cookie: admin }),
        t.inject({ method: 'PUT', url: `/api/leads/${lead.id}`, payload: body, cookie: admin }),
        t.inject({ method: 'PATCH', url: `/api/leads/${lead.id}/stage`, payload: { stage: 'lost' }, cookie: admin }),
        t.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, cookie: admin }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Lead not found.' } });
      }
      expect((await t.inject({ method: 'GET', url: `/api/leads/${lead.id}`, cookie: affiliate })).json()).toEqual(lead);
      const adminList = await list('', admin);
      expect(adminList.items).toEqual([]);
      expect(adminList.stats.total_leads).toBe(0);
    });

    it('a trader (no lead access) gets 403, a visitor 401', async () => {
      expect((await t.inject({ method: 'GET', url: '/api/leads', cookie: await t.signInAs('trader') })).statusCode).toBe(403);
      expect((await t.inject({ method: 'GET', url: '/api/leads' })).statusCode).toBe(401);
    });
  });

  describe('list: search, filter, sort and paging by the server', () => {
    const people = [
      { name: 'Ada Lovelace', email: 'ada@engines.io', company: 'Analytical Engines', stage: 'closed', value_cents: 500_000, last_contact_at: '2026-11-01T00:00:00Z' },
      { name: 'Bob Stone', email: 'bob@quarry.com', company: 'Stone & Sons', stage: 'qualified', value_cents: 120_000, last_contact_at: null },
      { name: 'carol Smith', email: 'carol@smithy.org', company: null, stage: 'lost', value_cents: 80_000, last_contact_at: '2026-11-20T00:00:00Z' },
      { name: 'Dan Brown', email: 'dan@books.com', company: 'Engines of Fiction', stage: 'new', value_cents: 0, last_contact_at: null },
      { name: 'Eve 100%_match', email: 'eve@x.io', company: 'Percent', stage: 'itb', value_cents: 1, last_contact_at: '2026-10-01T00:00:00Z' },
    ] as const;

    beforeEach(async () => {
      for (const person of people) {
        t.clock.advance(1000);
        expect((await create(person)).statusCode).toBe(201);
      }
    });

    const names = (response: LeadListResponse) => response.items.map((lead) => lead.name);

    it('newest first by default, with the stat cards over all leads', async () => {
      const response = await list();
      expect(names(response)).toEqual(['Eve 100%_match', 'Dan Brown', 'carol Smith', 'Bob Stone', 'Ada Lovelace']);
      expect(response).toMatchObject({ total: 5, page: 1, page_size: 25 });
      expect(response.stats).toMatchObject({ total_leads: 5, qualified_plus: 3, total_value_cents: 620_001, closed: 1, conversion_percent: 20 });
      expect(response.stats.by_stage.map((s) => s.stage)).toEqual([...LEAD_STAGES]);
    });

    it.each([
      { label: 'name, any case', query: '?q=SMITH', expected: ['carol Smith'] },
      { label: 'e-mail', query: '?q=quarry', expected: ['Bob Stone'] },
      { label: 'company', query: '?q=engines', expected: ['Dan Brown', 'Ada Lovelace'] },
      { label: 'the start of a later word', query: '?q=lovel', expected: ['Ada Lovelace'] },
      { label: 'every word must match', query: '?q=ada%20engines', expected: ['Ada Lovelace'] },
      { label: 'a whole e-mail address', query: `?q=${encodeURIComponent('carol@smithy.org')}`, expected: ['carol Smith'] },
      { label: 'punctuation is ignored', query: `?q=${encodeURIComponent('100%_')}`, expected: ['Eve 100%_match'] },
      { label: 'punctuation alone matches nothing', query: `?q=${encodeURIComponent('%')}`, expected: [] },
      { label: 'SQL-looking text is just text', query: `?q=${encodeURIComponent("' or 1=1 --")}`, expected: [] },
      { label: 'text-search syntax is just text', query: `?q=${encodeURIComponent('!ada | bob & (')}`, expected: [] },
      { label: 'not inside a word', query: '?q=ovelace', expected: [] },
      { label: 'stage filter', query: '?stage=qualified', expected: ['Bob Stone'] },
      { label: 'search and stage together', query: '?q=engines&stage=closed', expected: ['Ada Lovelace'] },
    ])('search: $label', async ({ query, expected }) => {
      const response = await list(query);
      expect(names(response)).toEqual(expected);
      expect(response.total).toBe(expected.length);
      expect(response.stats.total_leads).toBe(5);
    });

    it.each([
      { sort: 'name', dir: 'asc', expected: ['Ada Lovelace', 'Bob Stone', 'carol Smith', 'Dan Brown', 'Eve 100%_match'] },
      { sort: 'name', dir: 'desc', expected: ['Eve 100%_match', 'Dan Brown', 'carol Smith', 'Bob Stone', 'Ada Lovelace'] },
      { sort: 'value', dir: 'desc', expected: ['Ada Lovelace', 'Bob Stone', 'carol Smith', 'Eve 100%_match', 'Dan Brown'] },
      { sort: 'value', dir: 'asc', expected: ['Dan Brown', 'Eve 100%_match', 'carol Smith', 'Bob Stone', 'Ada Lovelace'] },
      { sort: 'stage', dir: 'asc', expected: ['Dan Brown', 'Bob Stone', 'Eve 100%_match', 'Ada Lovelace', 'carol Smith'] },
      { sort: 'stage', dir: 'desc', expected: ['carol Smith', 'Ada Lovelace', 'Eve 100%_match', 'Bob Stone', 'Dan Brown'] },
      { sort: 'last_contact', dir: 'desc', expected: ['carol Smith', 'Ada Lovelace', 'Eve 100%_match', 'Dan Brown', 'Bob Stone'] },
      { sort: 'last_contact', dir: 'asc', expected: ['Bob Stone', 'Dan Brown', 'Eve 100%_match', 'Ada Lovelace', 'carol Smith'] },
      { sort: 'created_at', dir: 'asc', expected: ['Ada Lovelace', 'Bob Stone', 'carol Smith', 'Dan Brown', 'Eve 100%_match'] },
    ])('sort by $sort $dir', async ({ sort, dir, expected }) => {
      expect(names(await list(`?sort=${sort}&dir=${dir}`))).toEqual(expected);
    });

    it('pages: page_size, page, an empty page past the end, and a maximum page size', async () => {
      const first = await list('?sort=name&dir=asc&page_size=2');
      expect(names(first)).toEqual(['Ada Lovelace', 'Bob Stone']);
      expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
      expect(names(await list('?sort=name&dir=asc&page_size=2&page=3'))).toEqual(['Eve 100%_match']);
      expect(names(await list('?page_size=2&page=4'))).toEqual([]);
      for (const bad of ['?page_size=101', '?page_size=0', '?page=0', '?page=abc', '?sort=email', '?dir=up', '?stage=won']) {
        expect((await t.inject({ method: 'GET', url: `/api/leads${bad}`, cookie: affiliate })).statusCode, bad).toBe(400);
      }
    });

    it('stat cards follow every change: stage, value, delete', async () => {
      const { items } = await list('?q=bob');
      const bob = items[0]!;
      await t.inject({ method: 'PATCH', url: `/api/leads/${bob.id}/stage`, payload: { stage: 'closed' }, cookie: affiliate });
      let stats = (await list()).stats;
      expect(stats).toMatchObject({ closed: 2, conversion_percent: 40, qualified_plus: 3 });
      await t.inject({ method: 'DELETE', url: `/api/leads/${bob.id}`, cookie: affiliate });
      stats = (await list()).stats;
      expect(stats).toMatchObject({ total_leads: 4, closed: 1, conversion_percent: 25, total_value_cents: 500_001 });
      const totals = await t.database.db.select().from(leadStageTotals);
      const fresh = await t.database.db
        .select({ userId: leads.userId, stage: leads.stage, n: count(), v: sql<string>`sum(${leads.valueCents})` })
        .from(leads)
        .groupBy(leads.userId, leads.stage);
      for (const total of totals) {
        const row = fresh.find((r) => r.userId === total.userId && r.stage === total.stage);
        expect({ leadCount: total.leadCount, valueCents: total.valueCents }).toEqual({ leadCount: Number(row?.n ?? 0), valueCents: Number(row?.v ?? 0) });
      }
    });
  });
});
