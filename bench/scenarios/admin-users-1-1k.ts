import type { BenchContext } from '../lib/scenario.ts';
import { defineScenario, ratioAtLeast, unchangedSettingsSave } from '../lib/scenario.ts';

/** The name the admin searches for: 5 people carry it, whatever the size of the user table. */
export const SEARCHED_SURNAME = 'Lovelace';
const PEOPLE_PREFIX = 'people-bench-';

/**
 * People Management's users (issue 17): `count` people with ordinary names (20 first names x 50
 * surnames, none of them the searched one) and, once, the 5 people the admin looks for. Grows the
 * set to `count` people; a second call only adds the missing ones.
 */
export async function ensurePeople(ctx: BenchContext, count: number): Promise<void> {
  const [{ n: existing }] = (await ctx.sql(`select count(*)::int as n from users where email like '${PEOPLE_PREFIX}%'`)).rows as [{ n: number }];
  if (existing >= count) return;
  ctx.log(`people: ${existing.toLocaleString('en-US')} -> ${count.toLocaleString('en-US')}`);
  await ctx.sql(
    `insert into users (email, name, roles, active_role, status, referral_code, created_at)
     select '${PEOPLE_PREFIX}' || g || '@people.example',
            case when g <= 5 then 'Ada ${SEARCHED_SURNAME} ' || g
                 else (array['Alice','Bruno','Chloe','Dmitri','Elena','Farid','Grace','Hiro','Ines','Jonas','Kira','Liam','Maya','Nils','Olga','Pablo','Quinn','Rosa','Sven','Tara'])[1 + g % 20]
                      || ' ' || (array['Smith','Garcia','Muller','Rossi','Dubois','Silva','Novak','Kowalski','Jensen','Larsen','Tanaka','Kim','Nguyen','Patel','Cohen','Haddad','Okafor','Mensah','Ivanova','Popescu',
                                       'Horvat','Nagy','Svensson','Virtanen','Murphy','Walsh','Byrne','Costa','Pereira','Santos','Moreau','Lefevre','Fischer','Weber','Becker','Wagner','Hoffmann','Schulz','Keller','Roth',
                                       'Berg','Lund','Dahl','Holm','Strand','Brandt','Vogel','Frank','Sauer','Graf'])[1 + (g / 20) % 50]
            end,
            array['newcomer'], 'newcomer', 'active',
            upper(substr(md5('people-bench-code-' || g), 1, 10)),
            now() - make_interval(mins => g)
     from generate_series($1::int + 1, $2::int) g`,
    [existing, count],
  );
  // As a table of this size stands in production: vacuumed (visibility map) and analysed, not mid-autovacuum.
  await ctx.sql('vacuum analyze users');
}

/**
 * Issue 17: an admin searches People Management by surname with 1,000 people stored besides the
 * data set (the base of the 100,000-people comparison). The page is kept in memory until any
 * user's data changes; invalidatedBy times the database path.
 */
export const scenario = defineScenario({
  name: 'admin-users-search-1k',
  description: `GET /api/rbac/admin/users?search=${SEARCHED_SURNAME.toLowerCase()}: 1,000 people besides the data set`,
  setup: async (ctx) => {
    await ensurePeople(ctx, 1_000);
    const admin = await ctx.createUser({ roles: ['admin'], name: 'People Bench Admin' });
    return {
      method: 'GET',
      path: `/api/rbac/admin/users?search=${SEARCHED_SURNAME.toLowerCase()}`,
      headers: { cookie: admin.cookie },
      invalidatedBy: await unchangedSettingsSave(ctx, admin),
    };
  },
  targets: [ratioAtLeast(0.3)],
});
