import { createFullCellChain } from '../lib/cell-hierarchy.ts';
import { defineScenario, ratioAtLeast, unchangedSettingsSave } from '../lib/scenario.ts';

/**
 * Issue 19: GET /api/earnings/current_user?period_days=30 for a member holding a Regular seat in
 * the deepest cell of a 5-level chain (every seat filled), with 3,000 ledger lines over 90 days
 * (seat payouts, overrides, product commissions), 200 conversions of their own and 2,000 of 20
 * referred users over 20 weeks, and 10 approved goals.
 */
export const scenario = defineScenario({
  name: 'earnings-current-user',
  description: 'GET /api/earnings/current_user?period_days=30: a seat in a full 5-level chain, 3,000 ledger lines, 2,200 conversions, 20 recruits, 10 goals',
  setup: async (ctx) => {
    const user = await ctx.createUser({ roles: ['affiliate'], name: 'Earnings Bench User' });
    await createFullCellChain(ctx, 'Earnings bench', 5, { userId: user.id, position: 4 });
    await ctx.sql(
      `insert into commissions (user_id, source, source_reference, product_name, amount_cents, status, earned_at, cell_seat_position, cell_override_level)
       select $1::uuid,
              case when n % 3 = 0 then 'conversion' else 'cell' end,
              'earnings-bench-' || n, 'Bench line', 100 + (n * 37) % 50000,
              (array['pending', 'processing', 'paid'])[1 + n % 3], now() - make_interval(hours => (n * 7) % (90 * 24)),
              case when n % 3 = 1 then 4 end, case when n % 3 = 2 then 1 + n % 4 end
       from generate_series(1, 3000) n`,
      [user.id],
    );
    await ctx.sql(
      `update users set referred_by = $1::uuid, last_seen_at = now() - make_interval(days => u.rn::int)
       from (select id, row_number() over (order by id) as rn from users where referred_by is null and id <> $1::uuid and email like '%@cells.bench' limit 20) u
       where users.id = u.id`,
      [user.id],
    );
    const { rows: productRows } = await ctx.sql(
      `with category as (insert into product_categories (name, created_at) values ('Earnings bench', now()) returning id)
       insert into products (name, description, category_id, commission_rate_bp, price_cents, master_link, conversion_secret, created_at, updated_at)
       select 'Earnings bench product', 'For the earnings bench', id, 1000, 9900, 'https://example.com/bench', md5(random()::text), now(), now() from category
       returning id`,
    );
    const productId = (productRows[0] as { id: string }).id;
    {
      await ctx.sql(
        `insert into conversions (product_id, merchant_order_id, referrer_id, amount_cents, commission_rate_bp, created_at)
         select $2::uuid, 'earnings-bench-own-' || n, $1::uuid, 5000 + n, 1000, now() - make_interval(hours => n * 16) from generate_series(1, 200) n`,
        [user.id, productId],
      );
      await ctx.sql(
        `insert into conversions (product_id, merchant_order_id, referrer_id, amount_cents, commission_rate_bp, created_at)
         select $2::uuid, 'earnings-bench-team-' || u.id || '-' || n, u.id, 3000 + n, 1000, now() - make_interval(hours => n * 33)
         from users u cross join generate_series(1, 100) n where u.referred_by = $1::uuid`,
        [user.id, productId],
      );
    }
    await ctx.sql(
      `insert into goals (user_id, title, goal_type, target_value, current_value, unit, why_important, daily_habits, weekly_habits, deadline, status, timeframe, goal_quality_score, created_at, submitted_at, updated_at, reviewed_at)
       select $1::uuid, 'Earnings bench goal ' || g, 'skill', 100, g * 9, 'count', 'A reason long enough to score its twenty points.', array['Daily habit'], array['Weekly habit'],
              (now() + interval '60 days')::date, 'approved', (array['short_term', 'mid_term', 'long_term'])[1 + g % 3], 100, now() - interval '4 weeks', now() - interval '4 weeks', now(), now() - interval '3 weeks'
       from generate_series(1, 10) g`,
      [user.id],
    );
    await ctx.sql('analyze commissions; analyze conversions; analyze goals; analyze users');
    return {
      method: 'GET',
      path: '/api/earnings/current_user?period_days=30',
      headers: { cookie: user.cookie },
      invalidatedBy: await unchangedSettingsSave(ctx, user),
    };
  },
  targets: [ratioAtLeast(0.3)],
});
