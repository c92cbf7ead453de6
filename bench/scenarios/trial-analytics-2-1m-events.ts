import { defineScenario, latencyWithinFactorOf } from '../lib/scenario.ts';
import { ensureTrialData } from './trial-analytics-1-10k-events.ts';

/** Issue 6: the same overview with 1,000,000 stored events answers within 2x of its time at 10,000. */
export const scenario = defineScenario({
  name: 'trial-analytics-1m-events',
  description: 'GET /api/rbac/admin/trial-analytics: 2,000 trials, 1,000,000 stored usage events',
  setup: async (ctx) => {
    await ensureTrialData(ctx, 1_000_000);
    const admin = await ctx.createUser({ roles: ['admin'], name: 'Bench Admin' });
    return { method: 'GET', path: '/api/rbac/admin/trial-analytics', headers: { cookie: admin.cookie } };
  },
  targets: [latencyWithinFactorOf('trial-analytics-10k-events', 2), latencyWithinFactorOf('trial-analytics-10k-events', 2, 'p99')],
});
