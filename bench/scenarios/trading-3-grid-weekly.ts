import type { BenchContext, BenchUser } from '../lib/scenario.ts';
import { defineScenario, ratioAtLeast } from '../lib/scenario.ts';
import { ensureTradingData } from './trading-1-grid.ts';

/** A weekly-plan subscriber (4 assets, 7 days of history) who picked 4 of the 20 bench assets. */
async function weeklySubscriber(ctx: BenchContext): Promise<BenchUser> {
  const user = await ctx.createUser({ roles: ['subscriber'], name: 'Bench Weekly Subscriber' });
  await ctx.sql(
    `insert into subscriptions (user_id, provider, provider_subscription_id, plan, status, current_period_start, current_period_end,
                                provider_observed_at, subscriber_role_granted, created_at, updated_at)
     values ($1, 'local', $2, 'weekly', 'active', now(), now() + interval '7 days', now(), true, now(), now())`,
    [user.id, `bench-weekly-${user.id}`],
  );
  await ctx.sql(
    `insert into trading_asset_picks (user_id, asset_ids, changed_at)
     select $1, array_agg(id order by symbol desc), now() from (select id, symbol from trading_assets order by symbol desc limit 4) picked`,
    [user.id],
  );
  return user;
}

/**
 * The asset-limited view (decision 019): the grid of the plan's history key built once and shared,
 * the subscriber's pick applied as a mask of pre-serialized rows, the masked body kept per pick.
 */
export const scenario = defineScenario({
  name: 'trading-grid-weekly',
  description: 'GET /api/trading/sentiment/grid as a weekly-plan subscriber (4 picked of 20 assets, 7 days of history): 1,000,000 stored votes',
  setup: async (ctx) => {
    await ensureTradingData(ctx);
    const subscriber = await weeklySubscriber(ctx);
    return { method: 'GET', path: '/api/trading/sentiment/grid', headers: { cookie: subscriber.cookie } };
  },
  targets: [ratioAtLeast(0.5)],
});
