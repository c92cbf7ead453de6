import { performance } from 'node:perf_hooks';
import { defineScenario, metricWithinFactor } from '../lib/scenario.ts';

const ROWS = 1_000;
const ROUNDS = 3;

type Row = { name: string; email: string; phone: string; company: string; source: string; valueCents: number; notes: string };

function rowsFor(round: number): Row[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    name: `Import ${round}-${i + 1}`,
    email: `import-${round}-${i + 1}@csv.example`,
    phone: `+1555${String(i).padStart(7, '0')}`,
    company: `Company ${i % 50}, Inc.`,
    source: 'website',
    valueCents: (i % 50) * 10_000,
    notes: i % 10 === 0 ? 'Met at the fair\nasked for a call back' : '',
  }));
}

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function toCsv(rows: Row[]): string {
  const lines = rows.map((r) => [r.name, r.email, r.phone, r.company, r.source, (r.valueCents / 100).toFixed(2), r.notes].map(quote).join(','));
  return `Name,Email,Phone,Company,Source,Value,Notes\r\n${lines.join('\r\n')}\r\n`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Issue 4: a 1,000-row CSV through POST /api/leads/import/csv (upload, parse, validate, duplicate
 * check, one transaction) against the same 1,000 rows written with one multi-row INSERT from this
 * process. Each round uses two new affiliates (so nothing is a duplicate); the medians of
 * ${ROUNDS} rounds are compared, after one unrecorded round of each.
 */
export const scenario = defineScenario({
  kind: 'timed',
  name: 'leads-import-1k',
  description: 'POST /api/leads/import/csv with 1,000 rows vs one multi-row INSERT of the same rows',
  run: async (ctx) => {
    const importMs: number[] = [];
    const insertMs: number[] = [];
    for (let round = 0; round <= ROUNDS; round += 1) {
      const rows = rowsFor(round);
      const importer = await ctx.createUser({ roles: ['affiliate'], name: `Importer ${round}` });
      const form = new FormData();
      form.append('file', new Blob([toCsv(rows)], { type: 'text/csv' }), 'leads.csv');
      const startImport = performance.now();
      const response = await fetch(`${ctx.baseUrl}/api/leads/import/csv`, { method: 'POST', headers: { cookie: importer.cookie }, body: form });
      const body = (await response.json()) as { results?: { created: number } };
      const importTime = performance.now() - startImport;
      if (!response.ok || body.results?.created !== ROWS) {
        throw new Error(`import answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
      }

      const inserter = await ctx.createUser({ roles: ['affiliate'], name: `Inserter ${round}` });
      const now = new Date().toISOString();
      const params: unknown[] = [inserter.id, now];
      const tuples = rows.map((r) => {
        const at = params.length + 1;
        params.push(r.name, r.email, r.phone, r.company, r.source, r.valueCents, r.notes || null);
        return `($1, $${at}, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, 'qualified', $${at + 5}, $${at + 6}, null, $2, $2)`;
      });
      const startInsert = performance.now();
      await ctx.sql(
        `insert into leads (user_id, name, email, phone, company, source, stage, value_cents, notes, last_contact_at, created_at, updated_at)
         values ${tuples.join(', ')}`,
        params,
      );
      const insertTime = performance.now() - startInsert;
      if (round === 0) continue; // warm-up
      importMs.push(importTime);
      insertMs.push(insertTime);
      ctx.log(`round ${round}: import ${importTime.toFixed(1)} ms, insert ${insertTime.toFixed(1)} ms`);
    }
    return { importMs: median(importMs), insertMs: median(insertMs), rows: ROWS, rounds: ROUNDS };
  },
  targets: [metricWithinFactor('importMs', 'insertMs', 2)],
});
