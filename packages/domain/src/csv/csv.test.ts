import { describe, expect, test } from 'vitest';
import { csvCell, escapeCsvFormula, previewCsv, readCsv, toCsv, unescapeCsvFormula } from './csv.ts';

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
    { cell: '-7.35', escaped: '-7.35' },
    { cell: '-735', escaped: '-735' },
    { cell: '-7.35+A1', escaped: "'-7.35+A1" },
    { cell: '-7.', escaped: "'-7." },
    { cell: "'-7.35", escaped: "'-7.35" },
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

  test('every written cell reads back to the original (readCsv unescapes data cells; a header is kept as written)', () => {
    const cells = ['=1+1', '+1', '-', '@', "'", "''=", 'a"b', 'a,b', 'x\r\ny', '\t', 'ok', ' ', '"'];
    const read = readCsv(toCsv([cells, cells]));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.records[0]?.cells).toEqual(cells);
    expect(read.headers.map(unescapeCsvFormula)).toEqual(cells);
    for (const cell of read.headers) expect(/^[=+\-@\t\r\0]/.test(cell), cell).toBe(false);
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
    { label: 'an unterminated quote', text: 'Name,Email\n"Ada,a@x.io\n', message: 'The file is not valid CSV: Quote Not Closed: the parsing is finished with an opening quote at line 2.' },
    { label: 'an empty file', text: '', message: 'The file is empty.' },
    { label: 'only blank lines', text: '\r\n\r\n', message: 'The file is empty.' },
  ])('refuses $label', ({ text, message }) => {
    expect(previewCsv(text, 5)).toEqual({ ok: false, message });
  });
});

describe('readCsv: what the import reads is what the preview shows', () => {
  const file = '\uFEFFName,Email,Notes\r\n"Lovelace, Ada",ada@x.io,"line one\r\nline two"\r\n\r\n,,\r\n\'=SUM(A1),b@x.io,"say ""hi"""\r\nBob,bob@x.io,plain';

  test('BOM dropped, quoted commas and quotes, an embedded CRLF kept, blank rows dropped, formula escaping undone, each record with its first line', () => {
    expect(readCsv(file)).toEqual({
      ok: true,
      headers: ['Name', 'Email', 'Notes'],
      records: [
        { row: 2, cells: ['Lovelace, Ada', 'ada@x.io', 'line one\r\nline two'] },
        { row: 6, cells: ['=SUM(A1)', 'b@x.io', 'say "hi"'] },
        { row: 7, cells: ['Bob', 'bob@x.io', 'plain'] },
      ],
    });
  });

  test('the preview is the first records of the same read', () => {
    const read = readCsv(file);
    expect(previewCsv(file, 2)).toEqual({ ok: true, headers: ['Name', 'Email', 'Notes'], rows: read.ok ? read.records.slice(0, 2).map((record) => record.cells) : [], hasMore: true });
  });
});
