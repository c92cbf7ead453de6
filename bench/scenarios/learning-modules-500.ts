import { defineScenario, ratioAtLeast, unchangedSettingsSave } from '../lib/scenario.ts';
import { givePlan } from './trading-1-grid.ts';

/**
 * Issue 20: the learning hub's GET /api/learning/modules for a subscriber with a plan, with 500
 * active modules in 5 categories and 10,000 learners' progress rows (20 learners on each module,
 * half completed), 2,000 ratings, and 50 modules of the subscriber's own progress.
 */
export const scenario = defineScenario({
  name: 'learning-modules-500',
  description: 'GET /api/learning/modules: 500 modules, 10,000 progress rows, 2,000 ratings, as a subscriber with a plan',
  setup: async (ctx) => {
    const user = await ctx.createUser({ roles: ['subscriber'], name: 'Learning Bench Subscriber' });
    await givePlan(ctx, user);
    await ctx.sql(
      `insert into learning_categories (name, sort_order, created_at, updated_at)
       select 'Bench category ' || c, c, now(), now() from generate_series(1, 5) c`,
    );
    await ctx.sql(
      `insert into learning_modules (title, description, category_id, content_type, url, duration_minutes, tags, difficulty, access_level, sort_order, collection, created_by, created_at, updated_at)
       select 'Bench module ' || m, 'What bench module ' || m || ' teaches about prospecting and closing.',
              (select id from learning_categories where name = 'Bench category ' || (1 + m % 5)),
              case when m % 10 = 0 then 'pdf_link' else 'youtube' end,
              case when m % 10 = 0 then 'https://example.test/doc-' || m || '.pdf' else 'https://www.youtube.com/watch?v=benchvid' || lpad(m::text, 3, '0') end,
              5 + m % 40, array['sales', 'tag' || (m % 17)],
              (array['Beginner', 'Intermediate', 'Advanced'])[1 + m % 3],
              (array['free', 'trial', 'subscriber', 'premium'])[1 + m % 4],
              m, case when m % 50 = 0 then 'sales_scripts' end, $1::uuid, now() - make_interval(days => m), now()
       from generate_series(1, 500) m`,
      [user.id],
    );
    // 20 learners on each module (10,000 rows): learner i of module m is user number (m * 7 + i) of the data set.
    await ctx.sql(
      `with learners as (select id, row_number() over (order by id) as n from users where id <> $1::uuid limit 2000),
            mods as (select id, row_number() over (order by sort_order) as n from learning_modules where title like 'Bench module %')
       insert into learning_progress (user_id, module_id, watch_time_seconds, total_duration_seconds, percent, started_at, updated_at, completed_at)
       select l.id, mods.id, (i * 30) % 600, 600, ((i * 30) % 600) * 100 / 600, now() - interval '10 days', now() - make_interval(hours => i),
              case when i % 2 = 0 then now() - make_interval(hours => i) end
       from mods cross join generate_series(0, 19) i
       join learners l on l.n = 1 + ((mods.n * 7 + i * 97) % 2000)
       on conflict do nothing`,
      [user.id],
    );
    await ctx.sql(
      `insert into learning_ratings (user_id, module_id, rating, created_at, updated_at)
       select p.user_id, p.module_id, 1 + (abs(hashtext(p.user_id::text || p.module_id::text)) % 5), now(), now()
       from learning_progress p where p.completed_at is not null and p.user_id <> $1::uuid
       limit 2000`,
      [user.id],
    );
    await ctx.sql(
      `insert into learning_progress (user_id, module_id, watch_time_seconds, total_duration_seconds, percent, started_at, updated_at, completed_at)
       select $1::uuid, id, 300, 600, 50, now() - interval '1 day', now() - make_interval(mins => sort_order), null
       from learning_modules where title like 'Bench module %' and sort_order <= 50`,
      [user.id],
    );
    await ctx.sql('analyze learning_modules; analyze learning_progress; analyze learning_ratings; analyze learning_categories');
    return {
      method: 'GET',
      path: '/api/learning/modules',
      headers: { cookie: user.cookie },
      invalidatedBy: await unchangedSettingsSave(ctx, user),
    };
  },
  targets: [ratioAtLeast(0.3)],
});
