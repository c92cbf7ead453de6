import { parse } from 'csv-parse/sync';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads } from '@myeai/db';
import { CSV_IMPORT_MAX_BYTES, CSV_MESSAGES, previewCsv, unescapeCsvFormula, type ImportCsvResponse, type Lead, type LeadListResponse } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { IMPORTS_PER_HOUR } from '../leads.routes.ts';
import { multipartBody, type MultipartPart } from './multipart.ts';

describe.each(testDatabaseKinds())('lead CSV import and export on %s', (kind) => {
  let t: TestApp;
  let affiliate: string;
  let admin: string;

  const upload = (content: Buffer | string, options: { filename?: string; fields?: Record<string, string>; cookie?: string } = {}) => {
    const parts: MultipartPart[] = Object.entries(options.fields ?? {}).map(([name, value]) => ({ name, value }));
    parts.push({ name: 'file', filename: options.filename ?? 'leads.csv', content });
    const { payload, headers } = multipartBody(parts);
    return t.inject({ method: 'POST', url: '/api/leads/import/csv', payload, headers, cookie: options.cookie ?? affiliate });
  };
  const imported = async (content: Buffer | string, options: Parameters<typeof upload>[1] = {}) => {
    const response = await upload(content, options);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    return response.json() as ImportCsvResponse;
  };
  const allLeads = async (cookie = affiliate) => {
    const response = await t.inject({ method: 'GET', url: '/api/leads?sort=created_at&dir=asc&page_size=100', cookie });
    return (response.json() as LeadListResponse).items;
  };
  const byEmail = async (email: string) => (await allLeads()).find((lead) => lead.email.toLowerCase() === email.toLowerCase());
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

  describe('template', () => {
    it('downloads leads_template.csv: the columns and one example row, which imports cleanly', async () => {
      const response = await t.inject({ method: 'GET', url: '/api/leads/template/csv', cookie: affiliate });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="leads_template.csv"');
      const rows = parse(response.body) as string[][];
      expect(rows[0]).toEqual(['Name', 'Email', 'Phone', 'Company', 'Source', 'Value', 'Notes']);
      expect(rows).toHaveLength(2);
      expect(response.body).not.toContain("'+");
      const result = await imported(response.body);
      expect(result.results).toEqual({ created: 1, updated: 0, skipped_invalid: 0, skipped_duplicates: 0 });
    });

    it('needs a signed-in affiliate or admin', async () => {
      expect((await t.inject({ method: 'GET', url: '/api/leads/template/csv' })).statusCode).toBe(401);
      expect((await t.inject({ method: 'GET', url: '/api/leads/template/csv', cookie: await t.signInAs('subscriber') })).statusCode).toBe(403);
    });
  });

  describe('import', () => {
    it('stores what the browser preview shows (one parser: BOM, CRLF, quoted commas and quotes, embedded newlines, formula escaping)', async () => {
      const file = '\uFEFFName,Email,Notes\r\n"Lovelace, Ada",ada@engines.io,"line one\r\nline two"\r\n\'=SUM(A1),sum@x.io,"say ""hi"""\r\n"Bob\nStone",bob@quarry.com,\'\'=x\r\n';
      const preview = previewCsv(file, 10);
      expect(preview).toMatchObject({ ok: true, headers: ['Name', 'Email', 'Notes'], hasMore: false });
      const result = await imported(file);
      expect(result.results.created).toBe(3);
      const stored = await allLeads();
      expect(stored.map((lead) => [lead.name, lead.email, lead.notes])).toEqual(preview.ok ? preview.rows : []);
      expect(stored.map((lead) => lead.name)).toEqual(['Lovelace, Ada', '=SUM(A1)', 'Bob\nStone']);
    });

    it('creates the rows as qualified leads of the importer, value in dollars to cents', async () => {
      const csv = ['Name,Email,Phone,Company,Source,Value,Notes', 'Ada Lovelace,ada@engines.io,+44 20 7946 0958,Analytical Engines,LinkedIn,"1,250.50",Met at the expo', 'Bob Stone,bob@quarry.com,,,,1250,', 'Carol Smith,carol@smithy.org,555-123-4567,Smithy,cold call,0,'].join('\n');
      const result = await imported(csv);
      expect(result).toMatchObject({
        status: 'success',
        message: 'Import completed! 3 leads created.',
        results: { created: 3, updated: 0, skipped_invalid: 0, skipped_duplicates: 0 },
        headers: ['Name', 'Email', 'Phone', 'Company', 'Source', 'Value', 'Notes'],
      });
      expect(result.rows).toEqual([2, 3, 4].map((row) => ({ row, status: 'created', reason: null, values: null })));
      const stored = await allLeads();
      expect(stored.map((lead) => [lead.name, lead.stage, lead.value_cents, lead.source])).toEqual([
        ['Ada Lovelace', 'qualified', 125_050, 'linkedin'],
        // No Source cell: the lead says it was imported, not "Manual".
        ['Bob Stone', 'qualified', 125_000, 'csv_import'],
        ['Carol Smith', 'qualified', 0, 'cold_call'],
      ]);
      expect(stored[0]).toMatchObject({ phone: '+44 20 7946 0958', company: 'Analytical Engines', notes: 'Met at the expo', created_at: TEST_NOW.toISOString() });
      expect(stored[1]).toMatchObject({ phone: null, company: null, notes: null });
      expect(await allLeads(admin)).toEqual([]);
    });

    it('reads quoted fields with commas, quotes and newlines, a BOM, CRLF line ends and headers in any case', async () => {
      const csv = '\uFEFFNAME,  Email ,notes\r\n"Lovelace, Ada",ada@x.io,"Line one\r\nLine two, with ""quotes"""\r\n\r\nBob,bob@x.io,plain\r\n';
      const result = await imported(csv);
      expect(result.results.created).toBe(2);
      expect(result.rows.map((r) => r.row)).toEqual([2, 5]);
      expect(await byEmail('ada@x.io')).toMatchObject({ name: 'Lovelace, Ada', notes: 'Line one\r\nLine two, with "quotes"' });
      expect(await byEmail('bob@x.io')).toMatchObject({ name: 'Bob', notes: 'plain' });
    });

    it('stores every cell exactly as read, whatever characters it holds', async () => {
      const name = 'O\'Brien \\ "Bob" {a,b} [1] \\u0041 null';
      const notes = 'NULL';
      const company = 'Zoë ✓ 🚀 東京 \\N $1';
      const csv = `Name,Email,Company,Notes,Value\n${[name, 'bob@x.io', company, notes, '100,000,000'].map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')}\n`;
      expect((await imported(csv)).results.created).toBe(1);
      expect(await byEmail('bob@x.io')).toMatchObject({ name, company, notes, value_cents: 10_000_000_000 });
    });

    it('skips invalid rows with a reason each; a bad value is never turned into 0', async () => {
      const csv = [
        'Name,Email,Phone,Value,Stage,Source',
        'Good,good@x.io,,10,,',
        ',noname@x.io,,,,',
        'No Email,,,,,',
        'Bad Email,bad@,,,,',
        'Bad Phone,phone@x.io,0123,,,',
        'Negative,neg@x.io,,-5,,',
        'Letters,letters@x.io,,12abc,,',
        'Odd Stage,stage@x.io,,,Won,',
        'Odd Source,source@x.io,,,,TV',
        'Everything,,0,-1,,',
      ].join('\n');
      const result = await imported(csv);
      expect(result.results).toEqual({ created: 1, updated: 0, skipped_invalid: 9, skipped_duplicates: 0 });
      expect(result.message).toBe('Import completed! 1 lead created.');
      expect(result.rows.filter((r) => r.status === 'skipped_invalid').map((r) => [r.row, r.reason])).toEqual([
        [3, 'Name is required'],
        [4, 'Email is required'],
        [5, 'Email is invalid ("bad@")'],
        [6, 'Phone number is invalid ("0123")'],
        [7, 'Value cannot be negative ("-5")'],
        [8, 'Value must be a number ("12abc")'],
        [9, 'Stage "Won" is not one of: New, Interested, Qualified, Positive, In the Bag, Closed, Lost'],
        [10, expect.stringMatching(/^Source "TV" is not one of: Manual, Website/)],
        [11, 'Email is required; Phone number is invalid ("0"); Value cannot be negative ("-1")'],
      ]);
      expect(result.rows.find((r) => r.row === 8)?.values).toEqual(['Letters', 'letters@x.io', '', '12abc', '', '']);
      expect((await allLeads()).map((lead) => lead.email)).toEqual(['good@x.io']);
    });

    it('skips duplicate e-mails within the file and against existing leads, without case', async () => {
      await t.inject({ method: 'POST', url: '/api/leads', payload: { name: 'Existing', email: 'Old@X.io', stage: 'positive' }, cookie: affiliate });
      const csv = ['Name,Email', 'Ada,ada@x.io', 'Ada again,ADA@x.io', 'Old one,old@x.io', 'Bob,bob@x.io'].join('\n');
      const result = await imported(csv);
      expect(result.results).toEqual({ created: 2, updated: 0, skipped_invalid: 0, skipped_duplicates: 2 });
      expect(result.rows.filter((r) => r.status === 'skipped_duplicate').map((r) => [r.row, r.reason])).toEqual([
        [3, 'Same email as row 2 of this file'],
        [4, 'A lead with this email already exists'],
      ]);
      expect(await byEmail('old@x.io')).toMatchObject({ name: 'Existing', stage: 'positive' });
      const again = await imported(csv);
      expect(again.results).toEqual({ created: 0, updated: 0, skipped_invalid: 0, skipped_duplicates: 4 });
    });

    it('on_duplicate=update updates the existing lead with the cells the row fills', async () => {
      const created = await t.inject({
        method: 'POST',
        url: '/api/leads',
        payload: { name: 'Old Name', email: 'ada@x.io', phone: '+15550001111', company: 'Keep Ltd', stage: 'positive', value_cents: 100 },
        cookie: affiliate,
      });
      const before = created.json() as Lead;
      t.clock.advance(5000);
      const csv = ['Name,Email,Phone,Company,Value,Stage', 'Ada New,ADA@x.io,,,"2,000",', 'Bob,bob@x.io,,,,', 'Ada twice,ada@x.io,,,,'].join('\n');
      const result = await imported(csv, { fields: { on_duplicate: 'update' } });
      expect(result.results).toEqual({ created: 1, updated: 1, skipped_invalid: 0, skipped_duplicates: 1 });
      expect(result.message).toBe('Import completed! 1 lead created.');
      expect(await byEmail('ada@x.io')).toEqual({
        ...before,
        name: 'Ada New',
        email: 'ADA@x.io',
        value_cents: 200_000,
        updated_at: new Date(TEST_NOW.getTime() + 5000).toISOString(),
      });
      const withStage = await imported('Name,Email,Stage\nAda,ada@x.io,In the Bag\n', { fields: { on_duplicate: 'update' } });
      expect(withStage.results.updated).toBe(1);
      expect(await byEmail('ada@x.io')).toMatchObject({ stage: 'itb', phone: '+15550001111', company: 'Keep Ltd' });
    });

    it('uses the column mapping of the preview dialog, the Stage column and the chosen default stage', async () => {
      const csv = ['Who,Mail,Where,Name,Phase', 'Ada,ada@x.io,Engines,ignored name,closed', 'Bob,bob@x.io,Quarry,,'].join('\n');
      const mapping = JSON.stringify({ Who: 'name', Mail: 'email', Where: 'company', Name: 'ignore', Phase: 'stage' });
      const result = await imported(csv, { fields: { mapping, default_stage: 'new' } });
      expect(result.results.created).toBe(2);
      expect(await byEmail('ada@x.io')).toMatchObject({ name: 'Ada', company: 'Engines', stage: 'closed' });
      expect(await byEmail('bob@x.io')).toMatchObject({ name: 'Bob', company: 'Quarry', stage: 'new' });
    });

    it('re-imports its own export: formula escaping is undone on import', async () => {
      await t.inject({ method: 'POST', url: '/api/leads', payload: { name: '=HYPERLINK("x")', email: 'f@x.io', phone: '+15551234567', notes: '-note', value_cents: 99 }, cookie: affiliate });
      const exported = await t.inject({ method: 'GET', url: '/api/leads/export/csv', cookie: affiliate });
      const result = await imported(exported.body, { cookie: admin });
      expect(result.results.created).toBe(1);
      const [copy] = await allLeads(admin);
      expect(copy).toMatchObject({ name: '=HYPERLINK("x")', phone: '+15551234567', notes: '-note', value_cents: 99, stage: 'new', source: 'manual' });
    });

    it('counts match an independent reading of a messy file with csv-parse', async () => {
      const lines = ['name,EMAIL,Value,Extra', 'A,a@x.io,1', 'B,b@x.io', 'C,c@x.io,1,2,3', ',,,', '', 'D,a@X.IO,2', 'E,e@x.io,x', `F,f@x.io,${'9'.repeat(12)}`, `${'x'.repeat(10_000)},g@x.io,1`, '"H, Jr.",h@x.io,"3"'];
      const csv = lines.join('\r\n');
      const records = (parse(csv, { relax_column_count: true, skip_empty_lines: true }) as string[][]).slice(1).filter((r) => r.some((c) => c.trim() !== ''));
      const result = await imported(csv);
      const { created, skipped_invalid: invalid, skipped_duplicates: duplicates } = result.results;
      expect(created + invalid + duplicates).toBe(records.length);
      expect({ created, invalid, duplicates }).toEqual({ created: 4, invalid: 3, duplicates: 1 });
    });

    it('two uploads of one file at the same time create each lead once', async () => {
      const csv = ['Name,Email', ...Array.from({ length: 50 }, (_, i) => `P${i},p${i}@x.io`)].join('\n');
      const [a, b] = await Promise.all([imported(csv), imported(csv)]);
      expect(a.results.created + b.results.created).toBe(50);
      expect(a.results.skipped_duplicates + b.results.skipped_duplicates).toBe(50);
      a.rows.forEach((row, i) => expect([row.status, b.rows[i]!.status].sort()).toEqual(['created', 'skipped_duplicate']));
      expect(await countRows()).toBe(50);
    });

    it('reports the line a record starts on when quoted cells span lines', async () => {
      const result = await imported('Name,Email,Notes\nA,a@x.io,"one\ntwo\nthree"\n,b@x.io,\n');
      expect(result.rows.map((r) => [r.row, r.status])).toEqual([
        [2, 'created'],
        [5, 'skipped_invalid'],
      ]);
    });
  });

  describe('import limits: 4xx with the message and nothing written', () => {
    const oneRow = 'Name,Email\nAda,ada@x.io\n';

    it('a file of 2 MB + 1 byte is refused with 413, exactly 2 MB is accepted', async () => {
      const header = 'Name,Email,Notes\n';
      const rows = 999;
      const fixed = header.length + Array.from({ length: rows }, (_, i) => `P${i},p${i}@x.io,\n`.length).reduce((a, b) => a + b, 0);
      const notesPerRow = Math.floor((CSV_IMPORT_MAX_BYTES - fixed) / rows);
      const body = Array.from({ length: rows }, (_, i) => `P${i},p${i}@x.io,${'n'.repeat(notesPerRow)}\n`).join('');
      let exact = header + body;
      exact += 'x'.repeat(CSV_IMPORT_MAX_BYTES - Buffer.byteLength(exact));
      expect(Buffer.byteLength(exact)).toBe(CSV_IMPORT_MAX_BYTES);

      const tooLarge = await upload(`${exact}y`);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'File size too large. Maximum 2MB allowed.' } });
      expect(await countRows()).toBe(0);

      const accepted = await upload(exact);
      expect(accepted.statusCode, accepted.body.slice(0, 300)).toBe(200);
      expect((accepted.json() as ImportCsvResponse).results.created).toBe(rows);
    });

    it('1,001 rows are refused with 400, 1,000 are imported', async () => {
      const file = (n: number) => ['Name,Email', ...Array.from({ length: n }, (_, i) => `P${i},p${i}@x.io`)].join('\n');
      const tooMany = await upload(file(1001));
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({
        error: { code: 'VALIDATION', message: 'The file has 1,001 lead rows. At most 1,000 leads can be imported at once: split the file and import each part.' },
      });
      expect(await countRows()).toBe(0);
      const result = await imported(file(1000));
      expect(result.results.created).toBe(1000);
      expect(result.message).toBe('Import completed! 1000 leads created.');
    });

    it.each([
      { label: 'an unterminated quote', content: 'Name,Email\n"Ada,ada@x.io\nBob,bob@x.io\n', filename: 'leads.csv', message: /^The file is not valid CSV: Quote Not Closed/ },
      { label: 'a name not ending .csv', content: oneRow, filename: 'leads.txt', message: /^Please select a CSV file$/ },
      { label: 'a PNG renamed .csv', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), filename: 'photo.csv', message: /^The file is not a CSV text file/ },
      { label: 'UTF-16 text', content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(oneRow, 'utf16le')]), filename: 'leads.csv', message: /^The file is not a CSV text file/ },
      { label: 'NUL bytes', content: 'Name,Email\nA\0da,ada@x.io\n', filename: 'leads.csv', message: /^The file is not a CSV text file/ },
      { label: 'an empty file', content: '', filename: 'leads.csv', message: /^The file is empty\.$/ },
      { label: 'only a header', content: 'Name,Email\n\n', filename: 'leads.csv', message: /^The file has a header row but no leads\.$/ },
      { label: 'no Email column', content: 'Name,Phone\nAda,+1555\n', filename: 'leads.csv', message: /^The file needs a Name column and an Email column \(missing: Email\)\.$/ },
      { label: 'two Email columns', content: 'Name,Email,EMAIL\nAda,a@x.io,b@x.io\n', filename: 'leads.csv', message: /two columns named "EMAIL"/ },
    ])('$label', async ({ content, filename, message }) => {
      const response = await upload(content, { filename });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(message);
      expect(await countRows()).toBe(0);
    });

    it.each<{ label: string; fields: Record<string, string>; message: unknown }>([
      { label: 'mapping that is not JSON', fields: { mapping: '{oops' }, message: 'The column mapping is not valid JSON.' },
      { label: 'mapping to an unknown field', fields: { mapping: '{"Name":"owner_id","Email":"email"}' }, message: expect.stringMatching(/^Invalid import options: mapping\.Name/) },
      { label: 'mapping of a column not in the file', fields: { mapping: '{"Name":"name","Email":"email","Nope":"phone"}' }, message: 'The column mapping names "Nope", which is not a column of the file.' },
      { label: 'unknown on_duplicate', fields: { on_duplicate: 'merge' }, message: expect.stringMatching(/^Invalid import options: on_duplicate/) },
      { label: 'unknown default stage', fields: { default_stage: 'won' }, message: expect.stringMatching(/^Invalid import options: default_stage/) },
    ])('refuses $label', async ({ fields, message }) => {
      const response = await upload(oneRow, { fields });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toEqual(message);
      expect(await countRows()).toBe(0);
    });

    it('a request without a file, or not multipart, or with two files', async () => {
      const noFile = multipartBody([{ name: 'on_duplicate', value: 'skip' }]);
      const response = await t.inject({ method: 'POST', url: '/api/leads/import/csv', ...noFile, cookie: affiliate });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Please select a CSV file first');
      const json = await t.inject({ method: 'POST', url: '/api/leads/import/csv', payload: { file: oneRow }, cookie: affiliate });
      expect(json.statusCode).toBe(400);
      expect(json.json().error.message).toBe('Please select a CSV file first');
      const two = multipartBody([
        { name: 'file', filename: 'a.csv', content: oneRow },
        { name: 'file', filename: 'b.csv', content: oneRow },
      ]);
      expect((await t.inject({ method: 'POST', url: '/api/leads/import/csv', ...two, cookie: affiliate })).statusCode).toBe(400);
      expect(await countRows()).toBe(0);
    });

    it.each([
      { name: 'cut off inside the file', cut: (body: Buffer) => body.subarray(0, body.length - 40) },
      { name: 'cut off inside the part headers', cut: (body: Buffer) => body.subarray(0, body.indexOf('Content-Type') + 5) },
      { name: 'without its closing boundary', cut: (body: Buffer) => body.subarray(0, body.lastIndexOf('\r\n--')) },
      { name: 'with no part at all', cut: () => Buffer.from('not multipart at all') },
    ])('a multipart body $name: 400 and nothing is written', async ({ cut }) => {
      const { payload, headers } = multipartBody([{ name: 'file', filename: 'leads.csv', content: `Name,Email\n${'Person,p@x.io\n'.repeat(20)}` }]);
      const response = await t.inject({ method: 'POST', url: '/api/leads/import/csv', payload: cut(payload), headers, cookie: affiliate });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION', message: CSV_MESSAGES.malformedUpload } });
      expect(await countRows()).toBe(0);
    });

    it('a multipart content type without a boundary: 400 and nothing is written', async () => {
      const { payload } = multipartBody([{ name: 'file', filename: 'leads.csv', content: oneRow }]);
      const response = await t.inject({ method: 'POST', url: '/api/leads/import/csv', payload, headers: { 'content-type': 'multipart/form-data' }, cookie: affiliate });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION', message: CSV_MESSAGES.malformedUpload } });
      expect(await countRows()).toBe(0);
    });

    it('a NUL character in an option field or the column mapping: 400 and nothing is written', async () => {
      const cases: Record<string, string>[] = [{ on_duplicate: 'skip\u0000' }, { mapping: JSON.stringify({ 'Na\u0000me': 'name' }) }, { mapping: JSON.stringify({ Name: 'na\u0000me' }) }];
      for (const fields of cases) {
        const response = await upload(oneRow, { fields });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION' } });
      }
      expect(await countRows()).toBe(0);
    });

    it('the file name is never used for anything but the .csv check', async () => {
      const result = await imported(oneRow, { filename: '../../etc/passwd.csv' });
      expect(result.results.created).toBe(1);
    });

    it('a trader may not import (403) and nothing is written', async () => {
      const response = await upload(oneRow, { cookie: await t.signInAs('trader') });
      expect(response.statusCode).toBe(403);
      expect(await countRows()).toBe(0);
    });
  });

  describe('export', () => {
    beforeEach(async () => {
      const people = [
        { name: '=cmd|"/c calc"!A1', email: 'formula@x.io', company: '+SUM(1,2)', notes: '-2+3', stage: 'qualified', value_cents: 125_050 },
        { name: '@import', email: 'at@x.io', phone: '+15551234567', company: 'Acme, Inc.', notes: 'line\nbreak', stage: 'closed', value_cents: 0 },
        { name: 'Plain Person', email: 'plain@x.io', company: 'Élan Café', stage: 'qualified', value_cents: 100 },
      ];
      for (const person of people) {
        t.clock.advance(1000);
        expect((await t.inject({ method: 'POST', url: '/api/leads', payload: person, cookie: affiliate })).statusCode).toBe(201);
      }
      await t.inject({ method: 'POST', url: '/api/leads', payload: { name: 'Not Mine', email: 'other@x.io' }, cookie: admin });
    });

    const exportCsv = async (query = '') => {
      const response = await t.inject({ method: 'GET', url: `/api/leads/export/csv${query}`, cookie: affiliate });
      expect(response.statusCode).toBe(200);
      return response;
    };

    it('downloads the owner\'s leads as CSV with a BOM, every formula cell escaped, phone numbers as they are', async () => {
      const response = await exportCsv('?sort=created_at&dir=asc');
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="leads-2026-11-23.csv"');
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const rows = parse(response.body, { bom: true }) as string[][];
      expect(rows[0]).toEqual(['Name', 'Email', 'Phone', 'Company', 'Source', 'Value', 'Notes', 'Stage', 'Last Contact', 'Created', 'Updated']);
      expect(rows.slice(1).map((row) => row.slice(0, 8))).toEqual([
        [`'=cmd|"/c calc"!A1`, 'formula@x.io', '', "'+SUM(1,2)", 'Manual', '1250.50', "'-2+3", 'Qualified'],
        ["'@import", 'at@x.io', '+15551234567', 'Acme, Inc.', 'Manual', '0', 'line\nbreak', 'Closed'],
        ['Plain Person', 'plain@x.io', '', 'Élan Café', 'Manual', '1', '', 'Qualified'],
      ]);
      // Only a valid phone number starts with +: digits after it call nothing (decision 024).
      for (const cell of rows.flat()) expect(/^[=+\-@\t\r\0]/.test(cell) && !/^\+[\d -]{7,}$/.test(cell), cell).toBe(false);
      expect(rows.slice(1).map((row) => unescapeCsvFormula(row[0]!))).toEqual(['=cmd|"/c calc"!A1', '@import', 'Plain Person']);
      expect(response.body).not.toContain('other@x.io');
    });

    it('exports the current filtered and sorted list', async () => {
      const emails = async (query: string) => (parse((await exportCsv(query)).body, { bom: true }) as string[][]).slice(1).map((row) => row[1]);
      expect(await emails('?stage=qualified&sort=value&dir=desc')).toEqual(['formula@x.io', 'plain@x.io']);
      expect(await emails('?q=acme')).toEqual(['at@x.io']);
      expect(await emails('?q=nobody')).toEqual([]);
      expect((await t.inject({ method: 'GET', url: '/api/leads/export/csv?stage=won', cookie: affiliate })).statusCode).toBe(400);
    });
  });

  it(`limits imports to ${IMPORTS_PER_HOUR} an hour per user (429)`, async () => {
    const multi = await t.signIn('multi@demo.myeai.local');
    const statuses: number[] = [];
    for (let i = 0; i <= IMPORTS_PER_HOUR; i++) statuses.push((await upload(`Name,Email\nP,p${i}@x.io\n`, { cookie: multi })).statusCode);
    expect(statuses.slice(0, IMPORTS_PER_HOUR).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await upload('Name,Email\nQ,q@x.io\n')).statusCode).toBe(200);
  });
});
