import { CSV_READ_MESSAGES } from '../csv/csv.ts';

/**
 * The lead CSV import's limits and messages. The rest of lead CSV is split by concern: which
 * column fills which field (lead-csv-columns.ts), the rules of one row (lead-csv-rows.ts), and
 * reading and writing CSV text, shared with every other CSV (csv/csv.ts).
 */

/** Spec 2 section 9: at most 2 MB (2,097,152 bytes) and 1,000 leads per file. */
export const CSV_IMPORT_MAX_BYTES = 2_097_152;
export const CSV_IMPORT_MAX_ROWS = 1000;

export const CSV_MESSAGES = {
  notCsv: 'Please select a CSV file',
  noFile: 'Please select a CSV file first',
  tooLarge: 'File size too large. Maximum 2MB allowed.',
  tooManyRows: (rows: number) =>
    `The file has ${rows.toLocaleString('en-US')} lead rows. At most ${CSV_IMPORT_MAX_ROWS.toLocaleString('en-US')} leads can be imported at once: split the file and import each part.`,
  noRows: 'The file has a header row but no leads.',
  empty: CSV_READ_MESSAGES.empty,
  notText: 'The file is not a CSV text file (UTF-8 expected).',
  importFailed: 'Import failed. Please try again.',
  malformedUpload: 'The upload was cut off or is not valid multipart/form-data. Please select the file and import it again.',
} as const;

/** "Import completed! N leads created." (spec 2 section 8). */
export function importCompletedMessage(created: number): string {
  return `Import completed! ${created} ${created === 1 ? 'lead' : 'leads'} created.`;
}
