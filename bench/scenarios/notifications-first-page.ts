import { defineScenario, ratioAtLeast, unchangedSettingsSave } from '../lib/scenario.ts';

/** Issue 3: the bell's and the notifications page's first request, for a user with 2,000 notifications. */
export const scenario = defineScenario({
  name: 'notifications-first-page',
  description: "A signed-in user's GET /api/notifications (first page of 20, newest first, with the unread count)",
  setup: async (ctx) => ({
    method: 'GET',
    path: '/api/notifications',
    headers: { cookie: ctx.benchUser.cookie },
    invalidatedBy: await unchangedSettingsSave(ctx, ctx.benchUser),
  }),
  targets: [ratioAtLeast(0.2), ratioAtLeast(0.5, { isAim: true })],
});
