import { describe, expect, it } from 'vitest';
import { readRevenueCsv } from './revenue-csv.ts';

const CELL = '5b1f7c1e-2a4d-4f0e-9a55-0c6f1f3b2a10';

describe('readRevenueCsv', () => {
  it('reads each line into a process-revenue request, amounts in exact cents, headers in any case and order', () => {
    const result = readRevenueCsv(`Reference,Cell,Amount,Source,Description\r\nw47,${CELL},1000.07,trading_fees,Week 47\r\nw48,${CELL},0.1,,\r\n`);
    expect(result).toEqual({
      ok: true,
      lines: [
        { row: 2, ok: true, input: { cell_id: CELL, amount_cents: 100_007, source: 'trading_fees', description: 'Week 47', source_reference_id: 'w47', dry_run: false, book_unallocated: false } },
        { row: 3, ok: true, input: { cell_id: CELL, amount_cents: 10, source: 'trading_fees', description: '', source_reference_id: 'w48', dry_run: false, book_unallocated: false } },
      ],
    });
  });

  it('reports a bad line with its row and message and keeps the others', () => {
    const result = readRevenueCsv(`cell,amount,reference\n${CELL},12.345,a\nnot-a-cell,10,b\n${CELL},10,\n${CELL},0,d\n${CELL},10,e\n${CELL},11,e\n`);
    if (!result.ok) throw new Error(result.message);
    expect(result.lines.map((line) => (line.ok ? [line.row, 'ok'] : [line.row, line.message]))).toEqual([
      [2, 'The amount must be dollars with at most 2 decimals, like 1250.00.'],
      [3, 'Choose a commission cell.'],
      [4, 'A source reference is required.'],
      [5, 'The revenue must be at least $0.01.'],
      [6, 'ok'],
      [7, 'This reference appears on an earlier line of the file.'],
    ]);
  });

  it('refuses a file without the required columns or without lines', () => {
    expect(readRevenueCsv('cell,amount\n')).toEqual({ ok: false, message: 'The file needs the columns cell, amount, source, reference, description (missing: reference).' });
    expect(readRevenueCsv('cell,amount,reference\n')).toEqual({ ok: false, message: 'The file has no revenue lines.' });
    expect(readRevenueCsv('')).toMatchObject({ ok: false });
  });
});
