import { performance } from 'node:perf_hooks';
import { defineScenario, metricAtMost, metricWithinFactor } from '../lib/scenario.ts';
import { postJson } from '../lib/post-json.ts';

const PAYEES = 1_000;
const LINES_PER_PAYEE = 10;

/**
 * Issue 30's "a batch of 1,000 payees is prepared in well under a second": 1,000 payees of the
 * bench data set with PayPal details out of their hold and 10 available lines each (10,000 lines),
 * the real preparation timed (POST /api/admin/payout-batches, one transaction: lines locked, items,
 * item lines, the ledger move, the audit entry) against the same writes in plain SQL, rolled back.
 * Everything it wrote is removed afterwards.
 */
export const scenario = defineScenario({
  kind: 'timed',
  name: 'payouts-batch-1k',
  description: 'Prepare a payout batch of 1,000 payees with 10 lines each: the real preparation, against the same writes in SQL',
  run: async (ctx) => {
    const admin = await ctx.createUser({ roles: ['admin'], name: 'Payout Bench Admin 1k' });
    await ctx.sql(
      `insert into payout_methods (user_id, method, details, summary, created_at, updated_at, hold_until)
       select id, 'paypal', 'plain:' || json_build_object('method', 'paypal', 'email', 'payee-' || id || '@bench.test')::text, 'PayPal p•••@bench1k.test', now() - interval '60 days', now() - interval '60 days', now() - interval '58 days'
       from (select id from users where id <> $1::uuid order by id limit ${PAYEES}) u
       on conflict (user_id) do nothing`,
      [admin.id],
    );
    await ctx.sql(
      `insert into commissions (user_id, source, source_reference, product_name, amount_cents, status, earned_at)
       select u.id, 'conversion', 'payout-bench-1k-' || u.rn || '-' || n, 'Bench line', 500 + (u.rn * 31 + n * 7) % 800, 'pending',
              now() - make_interval(days => (15 + (n * 13 + u.rn) % 75)::int, secs => n::double precision)
       from (select id, row_number() over (order by id) as rn from users where id <> $1::uuid order by id limit ${PAYEES}) u cross join generate_series(1, ${LINES_PER_PAYEE}) n`,
      [admin.id],
    );
    await ctx.sql('analyze commissions; analyze payout_methods');

    const startWrites = performance.now();
    await ctx.sql(`begin;
      with b as (insert into payout_batches (status, created_at) values ('prepared', now()) returning id),
           i as (insert into payout_items (batch_id, user_id, method, details, summary, amount_cents, status, created_at)
                 select b.id, c.user_id, 'paypal', m.details, m.summary, sum(c.amount_cents), 'processing', now()
                 from b, commissions c join payout_methods m on m.user_id = c.user_id
                 where c.status = 'pending' and c.earned_at <= now() - interval '14 days' and c.source_reference like 'payout-bench-1k-%'
                 group by b.id, c.user_id, m.details, m.summary returning id, user_id)
      insert into payout_item_lines (item_id, commission_id, amount_cents)
      select i.id, c.id, c.amount_cents from i join commissions c on c.user_id = i.user_id
      where c.status = 'pending' and c.earned_at <= now() - interval '14 days' and c.source_reference like 'payout-bench-1k-%';
      update commissions set status = 'processing', processing_at = now() where status = 'pending' and earned_at <= now() - interval '14 days' and source_reference like 'payout-bench-1k-%';
      rollback;`);
    const sqlWritesMs = performance.now() - startWrites;

    const startPrepare = performance.now();
    const prepared = await postJson(ctx, '/api/admin/payout-batches', admin.cookie, { dry_run: false });
    const prepareMs = performance.now() - startPrepare;
    if (prepared.status !== 200) throw new Error(`preparation answered ${prepared.status}: ${prepared.text.slice(0, 300)}`);
    const batch = (JSON.parse(prepared.text) as { batch: { id: string; items: unknown[] } }).batch;
    if (batch.items.length < PAYEES) throw new Error(`the batch paid ${batch.items.length} payees of ${PAYEES}`);
    ctx.log(`SQL writes ${sqlWritesMs.toFixed(0)} ms, preparation ${prepareMs.toFixed(0)} ms (${batch.items.length} items)`);

    await ctx.sql(`begin;
      delete from payout_item_lines where item_id in (select id from payout_items where batch_id = $1::uuid);
      delete from payout_items where batch_id = $1::uuid;
      delete from payout_batches where id = $1::uuid;
      delete from commissions where source_reference like 'payout-bench-1k-%';
      delete from payout_methods where summary = 'PayPal p•••@bench1k.test';
      commit;`.replaceAll('$1::uuid', `'${batch.id}'::uuid`));
    return { sqlWritesMs, prepareMs, payees: batch.items.length, lines: PAYEES * LINES_PER_PAYEE };
  },
  targets: [metricAtMost('prepareMs', 1_000), metricWithinFactor('prepareMs', 'sqlWritesMs', 3)],
});
