import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createFullCellChain } from '../lib/cell-hierarchy.ts';
import { defineScenario, metricWithinFactor, type BenchContext } from '../lib/scenario.ts';

const LINES = 1_000;
const WARMUP_LINES = 20;
const DEPTH = 5;

/** POST with no client-side timeout: a 1,000-line batch may take longer than fetch's 300 s header timeout. */
function postJson(ctx: BenchContext, path: string, cookie: string, body: unknown): Promise<{ status: number; text: string }> {
  const url = new URL(path, ctx.baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function revenueCsv(cellId: string, prefix: string, lines: number): string {
  const rows = Array.from({ length: lines }, (_, i) => `${cellId},${(100 + (i % 900) + (i % 97) / 100).toFixed(2)},trading_fees,${prefix}-${i + 1},Bench line ${i + 1}`);
  return `cell,amount,source,reference,description\n${rows.join('\n')}\n`;
}

const literal = (value: string | number | null) => (value === null ? 'null' : typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`);

/**
 * Issue 19: 1,000 revenue lines on the deepest cell of a 5-level hierarchy (every seat filled, so
 * each line pays 13 seats and 4 upline Leads: 17 ledger lines) through POST
 * /api/admin/commission/process-revenue/batch (chunks of 500 lines, each one transaction: the runs,
 * the ledger lines through createCommissions, one notification per owner, the audit entries;
 * decisions 039 and 048), against the same
 * 17,000 ledger rows written by one multi-row INSERT from this process. One round (the batch is long),
 * after an unrecorded warm-up batch of 20 lines.
 */
export const scenario = defineScenario({
  kind: 'timed',
  name: 'commission-cells-revenue-1k',
  description: 'POST process-revenue/batch with 1,000 lines over a 5-level cell chain vs one multi-row INSERT of the same ledger rows',
  run: async (ctx) => {
    const admin = await ctx.createUser({ roles: ['admin'], name: 'Revenue Bench Admin' });
    const cells = await createFullCellChain(ctx, 'Revenue bench', DEPTH);
    const deepest = cells.at(-1)!;

    const warm = await postJson(ctx, '/api/admin/commission/process-revenue/batch', admin.cookie, { csv: revenueCsv(deepest, 'bench-warm', WARMUP_LINES), dry_run: false });
    if (warm.status !== 200) throw new Error(`warm-up batch answered ${warm.status}: ${warm.text.slice(0, 300)}`);

    const startBatch = performance.now();
    const response = await postJson(ctx, '/api/admin/commission/process-revenue/batch', admin.cookie, { csv: revenueCsv(deepest, 'bench-line', LINES), dry_run: false });
    const batchMs = performance.now() - startBatch;
    const answer = JSON.parse(response.text) as { counts?: Record<string, number> };
    if (response.status !== 200 || answer.counts?.processed !== LINES) {
      throw new Error(`batch answered ${response.status}: ${response.text.slice(0, 300)}`);
    }

    const { rows } = await ctx.sql(
      `select c.user_id, c.product_name, c.amount_cents, c.rate_bp, c.cell_run_id, c.cell_seat_position, c.cell_override_level
       from commissions c join commission_revenue_runs r on r.id = c.cell_run_id
       where r.source_reference_id like 'bench-line-%'`,
    );
    const ledger = rows as { user_id: string; product_name: string; amount_cents: string; rate_bp: number | null; cell_run_id: string; cell_seat_position: number | null; cell_override_level: number | null }[];
    const tuples = ledger.map(
      (r, i) =>
        `(${literal(r.user_id)}, 'cell', ${literal(`bench-insert-${i}`)}, ${literal(r.product_name)}, ${Number(r.amount_cents)}, ${literal(r.rate_bp)}, 'pending', now(), ${literal(r.cell_run_id)}, ${literal(r.cell_seat_position)}, ${literal(r.cell_override_level)})`,
    );
    const statement = `insert into commissions (user_id, source, source_reference, product_name, amount_cents, rate_bp, status, earned_at, cell_run_id, cell_seat_position, cell_override_level) values ${tuples.join(', ')}`;
    const startInsert = performance.now();
    await ctx.sql(statement);
    const insertMs = performance.now() - startInsert;
    ctx.log(`batch ${batchMs.toFixed(0)} ms for ${LINES} lines (${ledger.length} ledger rows); one INSERT of the same rows ${insertMs.toFixed(0)} ms`);
    return { batchMs, insertMs, lines: LINES, ledgerRows: ledger.length, depth: DEPTH };
  },
  targets: [metricWithinFactor('batchMs', 'insertMs', 3)],
});
