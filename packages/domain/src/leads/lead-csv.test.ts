import { describe, expect, test } from 'vitest';
import {
  autoMapCsvHeaders,
  type CsvColumnTarget,
  checkCsvRow,
  csvCell,
  escapeCsvFormula,
  importCompletedMessage,
  matchCsvHeader,
  planCsvColumns,
  previewCsv,
  toCsv,
  unescapeCsvFormula,
  type LeadCsvField,
} from './lead-csv.ts';

describe('header matching', () => {
  test.each([
    { header: 'Name', field: 'name' },
    { header: 'NAME', field: 'name' },
    { header: ' email ', field: 'email' },
    { header: 'E-mail', field: 'email' },
    { header: 'Email Address', field: 'email' },
    { header: 'Phone Number', field: 'phone' },
    { header: 'company', field: 'company' },
    { header: 'SOURCE', field: 'source' },
    { header: 'Value', field: 'value' },
    { header: 'Value (USD)', field: 'value' },
    { header: 'Notes', field: 'notes' },
    { header: 'Stage', field: 'stage' },
    { header: 'Favourite colour', field: undefined },
  ])('$header -> $field', ({ header, field }) => {
    expect(matchCsvHeader(header)).toBe(field);
  });

  test('auto mapping ignores unknown headers and a second column for the same field', () => {
    expect(autoMapCsvHeaders(['Full Name', 'Email', 'E-mail', 'Colour'])).toEqual({ 'Full Name': 'name', Email: 'email', 'E-mail': 'ignore', Colour: 'ignore' });
  });
});

describe('planCsvColumns', () => {
  test.each<{ label: string; headers: string[]; mapping: Record<string, CsvColumnTarget> | undefined; columns: Array<LeadCsvField | null> }>([
    { label: 'spec columns, any case', headers: ['NAME', 'email', 'Phone', 'Extra'], mapping: undefined, columns: ['name', 'email', 'phone', null] },
    { label: 'a mapping decides', headers: ['Who', 'Mail', 'Name'], mapping: { Who: 'name', Mail: 'email', Name: 'ignore' }, columns: ['name', 'email', null] },
    { label: 'unmapped headers are ignored', headers: ['Who', 'Mail', 'Age'], mapping: { Who: 'name', Mail: 'email' }, columns: ['name', 'email', null] },
  ])('$label', ({ headers, mapping, columns }) => {
    expect(planCsvColumns(headers, mapping)).toEqual({ ok: true, columns });
  });

  test.each<{ label: string; headers: string[]; mapping: Record<string, CsvColumnTarget> | undefined; message: string }>([
    { label: 'no Email column', headers: ['Name', 'Phone'], mapping: undefined, message: 'The file needs a Name column and an Email column (missing: Email).' },
    { label: 'neither', headers: ['A', 'B'], mapping: undefined, message: 'The file needs a Name column and an Email column (missing: Name and Email).' },
    { label: 'two columns named alike', headers: ['Name', 'Email', 'email'], mapping: undefined, message: 'The file has two columns named "email". Rename or remove one of them.' },
    {
      label: 'a field from two columns',
      headers: ['Name', 'Email', 'Mail'],
      mapping: { Name: 'name', Email: 'email', Mail: 'email' },
      message: 'Email comes from more than one column ("Email", "Mail"). Import it from one column only.',
    },
    { label: 'a mapping of a column not in the file', headers: ['Name', 'Email'], mapping: { Name: 'name', Email: 'email', Phone: 'phone' }, message: 'The column mapping names "Phone", which is not a column of the file.' },
  ])('refuses $label', ({ headers, mapping, message }) => {
    expect(planCsvColumns(headers, mapping)).toEqual({ ok: false, message });
  });
});

describe('checkCsvRow', () => {
  const row = (cells: Partial<Record<LeadCsvField, string>>) => checkCsvRow({ name: 'Ada', email: 'ada@example.com', ...cells }, 'qualified');

  test('a full row', () => {
    const result = row({ phone: ' +1 555 123 4567 ', company: 'Acme', source: 'LinkedIn', value: '1,250.50', notes: 'Met, twice', stage: 'In the Bag' });
    expect(result).toMatchObject({
      ok: true,
      lead: { name: 'Ada', email: 'ada@example.com', phone: '+1 555 123 4567', company: 'Acme', source: 'linkedin', value_cents: 125_050, notes: 'Met, twice', stage: 'itb' },
    });
  });

  test('optional cells empty: defaults, with the default stage of the import', () => {
    const result = row({ phone: '', value: '  ' });
    expect(result).toEqual({
      ok: true,
      given: new Set(['name', 'email']),
      lead: { name: 'Ada', email: 'ada@example.com', phone: null, company: null, source: 'manual', value_cents: 0, notes: null, stage: 'qualified' },
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
      reasons: ['Source "Trade show" is not one of: Manual, Website, Referral, LinkedIn, Facebook, Google, Event, Cold Call, Email, Other'],
    },
    { label: 'a 10,000-character name', cells: { name: 'x'.repeat(10_000) }, reasons: ['Name must be at most 200 characters'] },
    { label: 'a long bad e-mail is shortened in the reason', cells: { email: 'y'.repeat(50) }, reasons: [`Email is invalid ("${'y'.repeat(40)}…")`] },
  ])('$label', ({ cells, reasons }) => {
    expect(row(cells)).toEqual({ ok: false, reasons });
  });
});

describe('formula-safe CSV writing', () => {
  test.each([
    { cell: '=SUM(A1:A2)', escaped: "'=SUM(A1:A2)" },
    { cell: '+15551234567', escaped: '+15551234567' },
    { cell: '+44 20 7946 0958', escaped: '+44 20 7946 0958' },
    { cell: '+1-555-123-4567', escaped: '+1-555-123-4567' },
    { cell: "'+44 20 7946 0958", escaped: "''+44 20 7946 0958" },
    { cell: '+44 20 7946 0958+HYPERLINK("x")', escaped: '\'+44 20 7946 0958+HYPERLINK("x")' },
    { cell: '+0 12', escaped: "'+0 12" },
    { cell: '+123456', escaped: "'+123456" },
    { cell: '+SUM(1)', escaped: "'+SUM(1)" },
    { cell: '-44 20 7946 0958', escaped: "'-44 20 7946 0958" },
    { cell: '-2+3', escaped: "'-2+3" },
    { cell: '@cmd', escaped: "'@cmd" },
    { cell: '\tx', escaped: "'\tx" },
    { cell: '\rx', escaped: "'\rx" },
    { cell: '\0x', escaped: "'\0x" },
    { cell: "'=x", escaped: "''=x" },
    { cell: "'plain", escaped: "'plain" },
    { cell: 'Ada = genius', escaped: 'Ada = genius' },
    { cell: '', escaped: '' },
  ])('$cell -> $escaped and back', ({ cell, escaped }) => {
    expect(escapeCsvFormula(cell)).toBe(escaped);
    expect(unescapeCsvFormula(escaped)).toBe(cell);
  });

  test('a phone number quoted by an earlier export imports without the quote', () => {
    expect(unescapeCsvFormula("'+44 20 7946 0958")).toBe('+44 20 7946 0958');
  });

  test('unescaping leaves ordinary quotes alone', () => {
    expect(unescapeCsvFormula("'plain")).toBe("'plain");
    expect(unescapeCsvFormula("O'Brien")).toBe("O'Brien");
  });

  test.each([
    { cell: 'plain', out: 'plain' },
    { cell: 'a,b', out: '"a,b"' },
    { cell: 'say "hi"', out: '"say ""hi"""' },
    { cell: 'two\nlines', out: '"two\nlines"' },
    { cell: ' padded ', out: '" padded "' },
    { cell: '=1,2', out: `"'=1,2"` },
  ])('csvCell($cell)', ({ cell, out }) => {
    expect(csvCell(cell)).toBe(out);
  });

  test('rows with CRLF line ends', () => {
    expect(toCsv([['Name', 'Email'], ['Ada, L', '@x']])).toBe(`Name,Email\r\n"Ada, L",'@x\r\n`);
  });

  test('every written cell reads back to the original (round trip through the preview parser)', () => {
    const cells = ['=1+1', '+1', '-', '@', "'", "''=", 'a"b', 'a,b', 'x\r\ny', '\t', 'ok', ' ', '"'];
    const parsed = previewCsv(toCsv([cells, cells]), 5);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.headers.map(unescapeCsvFormula)).toEqual(cells);
    expect(parsed.rows[0]?.map(unescapeCsvFormula)).toEqual(cells);
    for (const cell of parsed.rows[0] ?? []) expect(/^[=+\-@\t\r\0]/.test(cell), cell).toBe(false);
  });
});

describe('previewCsv', () => {
  test.each([
    { label: 'LF', text: 'Name,Email\nAda,a@x.io\nBob,b@x.io\n', rows: [['Ada', 'a@x.io'], ['Bob', 'b@x.io']] },
    { label: 'CRLF without a final newline', text: 'Name,Email\r\nAda,a@x.io\r\nBob,b@x.io', rows: [['Ada', 'a@x.io'], ['Bob', 'b@x.io']] },
    { label: 'BOM', text: '\uFEFFName,Email\nAda,a@x.io\n', rows: [['Ada', 'a@x.io']] },
    { label: 'quoted commas, quotes and newlines', text: 'Name,Email\n"Lovelace, Ada","a@x.io"\n"Say ""hi""\nthere",b@x.io\n', rows: [['Lovelace, Ada', 'a@x.io'], ['Say "hi"\nthere', 'b@x.io']] },
    { label: 'blank lines skipped', text: 'Name,Email\n\nAda,a@x.io\n\n\n', rows: [['Ada', 'a@x.io']] },
    { label: 'empty cells kept', text: 'Name,Email,Phone\nAda,,\n', rows: [['Ada', '', '']] },
  ])('$label', ({ text, rows }) => {
    expect(previewCsv(text, 10)).toEqual({ ok: true, headers: rows[0]!.length === 3 ? ['Name', 'Email', 'Phone'] : ['Name', 'Email'], rows, hasMore: false });
  });

  test('stops after maxRows and says there is more', () => {
    const text = ['Name,Email', ...Array.from({ length: 50 }, (_, i) => `P${i},p${i}@x.io`)].join('\n');
    const preview = previewCsv(text, 5);
    expect(preview).toMatchObject({ ok: true, hasMore: true });
    expect(preview.ok && preview.rows).toHaveLength(5);
  });

  test.each([
    { label: 'an unterminated quote', text: 'Name,Email\n"Ada,a@x.io\n', message: 'A quoted field is never closed.' },
    { label: 'an empty file', text: '', message: 'The file is empty.' },
    { label: 'only blank lines', text: '\n\r\n', message: 'The file is empty.' },
  ])('refuses $label', ({ text, message }) => {
    expect(previewCsv(text, 5)).toEqual({ ok: false, message });
  });
});

test.each([
  { created: 0, message: 'Import completed! 0 leads created.' },
  { created: 1, message: 'Import completed! 1 lead created.' },
  { created: 42, message: 'Import completed! 42 leads created.' },
])('import message for $created', ({ created, message }) => {
  expect(importCompletedMessage(created)).toBe(message);
});
