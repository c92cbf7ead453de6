import { performance } from 'node:perf_hooks';
import { defineScenario, metricWithinFactor } from '../lib/scenario.ts';
import { postJson } from '../lib/post-json.ts';

const LINES_PER_PAYEE = 100;

/**
 * Issue 30's benchmark (decision 063): a payout batch for every user of the bench data set (10,000
 * payees, PayPal details out of their hold) over 1,000,000 available ledger lines (100 each, 15 to
 * 90 days old). Timed, one round each:
 *   aggregateMs   one SQL aggregate over the same lines (sum per payee), the issue's yardstick;
 *   dryRunMs      POST /api/admin/payout-batches {dry_run: true}: the lines read, each payee's
 *                 allocation, the answer with 10,000 items; nothing written;
 *   sqlWritesMs   the batch's writes done set-based in SQL in one transaction, rolled back: 10,000
 *                 items, 1,000,000 item lines, 1,000,000 lines moved to processing;
 *   prepareMs     POST {dry_run: false}: the real preparation (lines locked, items, item lines,
 *                 the ledger write, the audit entry), one transaction.
 * Targets: the dry run within 3x of the aggregate (the issue's), the preparation within 3x of the
 * same writes in plain SQL. Everything it wrote is removed afterwards (later scenarios see the
 * bench data set as it was).
 */
export const scenario = defineScenario({
  kind: 'timed',
  name: 'payouts-batch-10k',
  description: 'Prepare a payout batch: 10,000 payees, 1,000,000 ledger lines; dry run vs one SQL aggregate, preparation vs the same writes in SQL',
  run: async (ctx) => {
    const admin = await ctx.createUser({ roles: ['admin'], name: 'Payout Bench Admin' });
    const { rows: countRows } = await ctx.sql(`select count(*)::int as n from users where id <> $1::uuid`, [admin.id]);
    const payees = (countRows[0] as { n: number }).n;
    ctx.log(`payout bench: ${payees} payees x ${LINES_PER_PAYEE} lines`);
    await ctx.sql(
      `insert into payout_methods (user_id, method, details, summary, created_at, updated_at, hold_until)
       select id, 'paypal', 'plain:' || json_build_object('method', 'paypal', 'email', 'payee-' || id || '@bench.test')::text, 'PayPal p•••@bench.test', now() - interval '60 days', now() - interval '60 days', now() - interval '58 days'
       from users where id <> $1::uuid
       on conflict (user_id) do nothing`,
      [admin.id],
    );
    await ctx.sql(
      `insert into commissions (user_id, source, source_reference, product_name, amount_cents, status, earned_at)
       select u.id, 'conversion', 'payout-bench-' || u.rn || '-' || n, 'Bench line', 100 + (u.rn * 31 + n * 7) % 800, 'pending',
              now() - make_interval(days => (15 + (n * 13 + u.rn) % 75)::int, secs => n::double precision)
       from (select id, row_number() over (order by id) as rn from users where id <> $1::uuid) u cross join generate_series(1, ${LINES_PER_PAYEE}) n`,
      [admin.id],
    );
    await ctx.sql('analyze commissions; analyze payout_methods');
    // Settings: the defaults (14 days holding, $50 minimum, $1,000 wire threshold): every payee's 100 lines fit.

    const startAggregate = performance.now();
    const { rows: sums } = await ctx.sql(
      `select user_id, sum(amount_cents)::bigint as total, count(*)::int as lines from commissions
       where status = 'pending' and earned_at <= now() - interval '14 days' and source_reference like 'payout-bench-%' group by user_id`,
    );
    const aggregateMs = performance.now() - startAggregate;

    const startDry = performance.now();
    const dry = await postJson(ctx, '/api/admin/payout-batches', admin.cookie, { dry_run: true });
    const dryRunMs = performance.now() - startDry;
    if (dry.status !== 200) throw new Error(`dry run answered ${dry.status}: ${dry.text.slice(0, 300)}`);
    const preview = JSON.parse(dry.text) as { batch: { items: unknown[] } };
    if (preview.batch.items.length < sums.length) throw new Error(`dry run paid ${preview.batch.items.length} payees, ${sums.length} have lines`);

    // The same writes in plain SQL, rolled back (a batch row, an item per payee, the item lines, the ledger move).
    const startWrites = performance.now();
    await ctx.sql(`begin;
      with b as (insert into payout_batches (status, created_at) values ('prepared', now()) returning id),
           i as (insert into payout_items (batch_id, user_id, method, details, summary, amount_cents, status, created_at)
                 select b.id, c.user_id, 'paypal', m.details, m.summary, sum(c.amount_cents), 'processing', now()
                 from b, commissions c join payout_methods m on m.user_id = c.user_id
                 where c.status = 'pending' and c.earned_at <= now() - interval '14 days' and c.source_reference like 'payout-bench-%'
                 group by b.id, c.user_id, m.details, m.summary returning id, user_id)
      insert into payout_item_lines (item_id, commission_id, amount_cents)
      select i.id, c.id, c.amount_cents from i join commissions c on c.user_id = i.user_id
      where c.status = 'pending' and c.earned_at <= now() - interval '14 days' and c.source_reference like 'payout-bench-%';
      update commissions set status = 'processing', processing_at = now() where status = 'pending' and earned_at <= now() - interval '14 days' and source_reference like 'payout-bench-%';
      rollback;`);
    const sqlWritesMs = performance.now() - startWrites;

    const startPrepare = performance.now();
    const prepared = await postJson(ctx, '/api/admin/payout-batches', admin.cookie, { dry_run: false });
    const prepareMs = performance.now() - startPrepare;
    if (prepared.status !== 200) throw new Error(`preparation answered ${prepared.status}: ${prepared.text.slice(0, 300)}`);
    const batch = (JSON.parse(prepared.text) as { batch: { id: string; items: unknown[] } }).batch;
    ctx.log(`aggregate ${aggregateMs.toFixed(0)} ms, dry run ${dryRunMs.toFixed(0)} ms, SQL writes ${sqlWritesMs.toFixed(0)} ms, preparation ${prepareMs.toFixed(0)} ms (${batch.items.length} items)`);

    // Leave the bench data set as it was for the scenarios after this one.
    await ctx.sql(`begin;
      delete from payout_item_lines where item_id in (select id from payout_items where batch_id = $1::uuid);
      delete from payout_items where batch_id = $1::uuid;
      delete from payout_batches where id = $1::uuid;
      delete from commissions where source_reference like 'payout-bench-%';
      delete from payout_methods where summary = 'PayPal p•••@bench.test';
      commit;`.replaceAll('$1::uuid', `'${batch.id}'::uuid`));
    return { aggregateMs, dryRunMs, sqlWritesMs, prepareMs, payees: batch.items.length, lines: payees * LINES_PER_PAYEE };
  },
  targets: [metricWithinFactor('dryRunMs', 'aggregateMs', 3), metricWithinFactor('prepareMs', 'sqlWritesMs', 3)],
});
