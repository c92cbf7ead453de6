import { describe, expect, test } from 'vitest';
import { autoMapCsvHeaders, type CsvColumnTarget, type LeadCsvField, matchCsvHeader, planCsvColumns } from './lead-csv-columns.ts';

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
